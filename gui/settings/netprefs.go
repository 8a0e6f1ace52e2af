package settings

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
	"haul/gui/kit"
	"haul/i18n"
)

// networkFileName holds the proxy and the site rules, apart from the other
// preferences: they may carry a proxy password or a token in a header, so
// the file is the user's alone (0600).
const networkFileName = "network.json"

// Saved are the proxy and the site rules, as kept in the file.
type Saved struct {
	Proxy downloader.ProxySettings `json:"proxy"`
	Sites []downloader.SiteRule    `json:"sites,omitempty"`
}

// NetworkPath is where app keeps the network settings.
func NetworkPath(a fyne.App) string {
	return filepath.Join(a.Storage().RootURI().Path(), networkFileName)
}

// LoadNetwork reads the network settings; a missing file gives the defaults.
func LoadNetwork(path string) (Saved, error) {
	var s Saved
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("read %s: %w", path, err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return Saved{}, fmt.Errorf("read %s: %w", path, err)
	}
	return s, nil
}

// saveNetSettings writes the network settings, readable by the user only,
// through a temporary file so a crash never leaves half of it.
func saveNetSettings(path string, s Saved) error {
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

// Network is the proxy and the site rules in use: it hands them to the
// engine, keeps them in their file and reads the cookies the rules name.
// Its methods run on the UI thread.
type Network struct {
	host  Host
	path  string
	saved Saved
}

// NewNetwork is the network settings saved in path, read as saved, which
// the engine of host already uses. A loadErr from reading them is
// explained, and the cookies the site rules name are read in the background.
func NewNetwork(host Host, path string, saved Saved, loadErr error) *Network {
	n := &Network{host: host, path: path, saved: saved}
	if loadErr != nil {
		host.Notice(lang.L("Haul could not read its proxy and site settings; it uses the defaults."))
	}
	for _, rule := range saved.Sites {
		if rule.Cookies != "" {
			n.loadSiteCookies(rule)
		}
	}
	return n
}

// Proxy is the proxy setting in use.
func (n *Network) Proxy() downloader.ProxySettings { return n.saved.Proxy }

// Sites are the site rules in use.
func (n *Network) Sites() []downloader.SiteRule { return n.saved.Sites }

// loadSiteCookies reads the cookies a site rule names and puts those of
// the site into the engine's jar.
func (n *Network) loadSiteCookies(rule downloader.SiteRule) {
	go func() {
		cs, err := ReadCookies(rule.Cookies)
		if err != nil {
			n.host.Do(func() { n.host.Notice(i18n.CookieProblem(kit.Tr, err)) })
			return
		}
		n.host.Engine.Network().AddCookies(cookiesOfSite(cs, rule))
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

// save remembers the network settings, saying so when it cannot.
func (n *Network) save() {
	if err := saveNetSettings(n.path, n.saved); err != nil {
		n.host.Notice(lang.L("Haul could not save its proxy and site settings."))
	}
	if n.host.Changed != nil {
		n.host.Changed()
	}
}

// RememberCookies makes source the cookies of site's rule, adding a rule
// for the site when it has none.
func (n *Network) RememberCookies(site, source string) {
	for i, r := range n.saved.Sites {
		if r.Site == site {
			n.saved.Sites[i].Cookies = source
			n.applySites()
			return
		}
	}
	n.saved.Sites = append(n.saved.Sites, downloader.SiteRule{Site: site, Cookies: source})
	n.applySites()
}

// applySites hands the site rules to the engine and remembers them.
func (n *Network) applySites() {
	n.host.Engine.Network().SetSites(n.saved.Sites)
	n.save()
}
