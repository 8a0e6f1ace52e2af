package gui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"haul/downloader"
	"haul/downloader/cookies"
)

// networkFileName holds the proxy and the site rules, apart from the other
// preferences: they may carry a proxy password or a token in a header, so
// the file is the user's alone (0600).
const networkFileName = "network.json"

// netSettings are the proxy and the site rules.
type netSettings struct {
	Proxy downloader.ProxySettings `json:"proxy"`
	Sites []downloader.SiteRule    `json:"sites,omitempty"`
}

func networkPath(a fyne.App) string {
	return filepath.Join(a.Storage().RootURI().Path(), networkFileName)
}

// loadNetSettings reads the network settings; a missing file gives the defaults.
func loadNetSettings(path string) (netSettings, error) {
	var s netSettings
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("read %s: %w", path, err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return netSettings{}, fmt.Errorf("read %s: %w", path, err)
	}
	return s, nil
}

// saveNetSettings writes the network settings, readable by the user only,
// through a temporary file so a crash never leaves half of it.
func saveNetSettings(path string, s netSettings) error {
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	if err := os.Chmod(tmp, 0o600); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("save %s: %w", path, err)
	}
	return nil
}

// startNetwork explains network settings that could not be read, and reads
// the cookies the site rules name, in the background.
func (u *UI) startNetwork(loadErr error) {
	if loadErr != nil {
		u.notice.set(lang.L("Haul could not read its proxy and site settings; it uses the defaults."))
	}
	for _, rule := range u.network.Sites {
		if rule.Cookies != "" {
			u.loadSiteCookies(rule)
		}
	}
}

// loadSiteCookies reads the cookies a site rule names and puts those of
// the site into the engine's jar.
func (u *UI) loadSiteCookies(rule downloader.SiteRule) {
	go func() {
		cs, err := readCookies(rule.Cookies)
		if err != nil {
			u.do(func() { u.notice.set(cookieErrorText(err)) })
			return
		}
		u.m.AddCookies(cookiesOfSite(cs, rule))
	}()
}

// cookiesOfSite keeps the cookies that belong to the rule's site.
func cookiesOfSite(cs []cookies.Cookie, rule downloader.SiteRule) []cookies.Cookie {
	var out []cookies.Cookie
	for _, c := range cs {
		if rule.Matches(c.Host) || !c.HostOnly && (downloader.SiteRule{Site: c.Host}).Matches(rule.Site) {
			out = append(out, c)
		}
	}
	return out
}

// saveNetwork remembers the network settings, saying so when it cannot.
func (u *UI) saveNetwork() {
	if err := saveNetSettings(networkPath(u.app), u.network); err != nil {
		u.notice.set(lang.L("Haul could not save its proxy and site settings."))
	}
}

// rememberCookies makes source the cookies of site's rule, adding a rule
// for the site when it has none.
func (u *UI) rememberCookies(site, source string) {
	for i, r := range u.network.Sites {
		if r.Site == site {
			u.network.Sites[i].Cookies = source
			u.applySites()
			return
		}
	}
	u.network.Sites = append(u.network.Sites, downloader.SiteRule{Site: site, Cookies: source})
	u.applySites()
}

// applySites hands the site rules to the engine and remembers them.
func (u *UI) applySites() {
	u.m.SetSites(u.network.Sites)
	u.saveNetwork()
}
