package cookies

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
)

// browser describes where one browser keeps its profiles.
type browser struct {
	name string
	// firefox is true for Firefox's format; otherwise it is Chromium's.
	firefox bool
	// dirs are the profile folders relative to the home folder, per system.
	dirs map[string][]string
	// keyringApp is the Secret Service "application" attribute of its key (Linux).
	keyringApp string
}

var browsers = []browser{
	{name: "firefox", firefox: true, dirs: map[string][]string{
		"linux":   {".mozilla/firefox", "snap/firefox/common/.mozilla/firefox", ".var/app/org.mozilla.firefox/.mozilla/firefox"},
		"darwin":  {"Library/Application Support/Firefox/Profiles"},
		"windows": {"AppData/Roaming/Mozilla/Firefox/Profiles"},
	}},
	{name: "chrome", keyringApp: "chrome", dirs: map[string][]string{
		"linux": {".config/google-chrome"}, "darwin": {"Library/Application Support/Google/Chrome"},
		"windows": {"AppData/Local/Google/Chrome/User Data"},
	}},
	{name: "chromium", keyringApp: "chromium", dirs: map[string][]string{
		"linux": {".config/chromium", "snap/chromium/common/chromium"}, "darwin": {"Library/Application Support/Chromium"},
		"windows": {"AppData/Local/Chromium/User Data"},
	}},
	{name: "edge", keyringApp: "Microsoft Edge", dirs: map[string][]string{
		"linux": {".config/microsoft-edge"}, "darwin": {"Library/Application Support/Microsoft Edge"},
		"windows": {"AppData/Local/Microsoft/Edge/User Data"},
	}},
	{name: "brave", keyringApp: "brave", dirs: map[string][]string{
		"linux": {".config/BraveSoftware/Brave-Browser"}, "darwin": {"Library/Application Support/BraveSoftware/Brave-Browser"},
		"windows": {"AppData/Local/BraveSoftware/Brave-Browser/User Data"},
	}},
}

// Browsers lists the browser names FromBrowser accepts.
func Browsers() []string {
	names := make([]string, len(browsers))
	for i, b := range browsers {
		names[i] = b.name
	}
	return names
}

// BrowserList is Browsers joined for a message.
func BrowserList() string { return strings.Join(Browsers(), ", ") }

// displayNames are the browsers as their users know them.
var displayNames = map[string]string{"firefox": "Firefox", "chrome": "Google Chrome", "chromium": "Chromium", "edge": "Microsoft Edge", "brave": "Brave"}

// DisplayName is a browser's name as its users know it ("Google Chrome"
// for chrome), or name itself for one Haul does not know.
func DisplayName(name string) string {
	if d, ok := displayNames[name]; ok {
		return d
	}
	return name
}

// Source names where cookies come from: a browser with an optional profile
// (NAME or NAME:PROFILE).
type Source struct {
	Browser, Profile string
	// Home is the home folder to look in; empty means the user's.
	Home string
}

// ParseSource reads "NAME[:PROFILE]".
func ParseSource(spec string) (Source, error) {
	name, profile, _ := strings.Cut(strings.TrimSpace(spec), ":")
	name = strings.ToLower(strings.TrimSpace(name))
	if !slices.Contains(Browsers(), name) {
		return Source{}, &Error{Kind: UnknownBrowser, Browser: name}
	}
	return Source{Browser: name, Profile: strings.TrimSpace(profile)}, nil
}

// FromBrowser reads every cookie of the source's browser profile: the one
// named, or else the profile used most recently.
func FromBrowser(src Source) ([]Cookie, error) {
	i := slices.IndexFunc(browsers, func(b browser) bool { return b.name == src.Browser })
	if i < 0 {
		return nil, &Error{Kind: UnknownBrowser, Browser: src.Browser}
	}
	b := browsers[i]
	home := src.Home
	if home == "" {
		h, err := os.UserHomeDir()
		if err != nil {
			return nil, &Error{Kind: NoProfile, Browser: b.name, Err: err}
		}
		home = h
	}
	if !b.firefox && runtime.GOOS != "linux" {
		return nil, chromiumElsewhere(b.name)
	}
	db := findDatabase(b, home, src.Profile)
	if db == "" {
		return nil, &Error{Kind: NoProfile, Browser: b.name}
	}
	read := func() ([]Cookie, error) { return readChromium(db, b, systemKeyring) }
	if b.firefox {
		read = func() ([]Cookie, error) { return readFirefox(db) }
	}
	cs, err := read()
	if e := (*Error)(nil); errors.As(err, &e) && e.Browser == "" {
		e.Browser = b.name
	}
	return cs, err
}

// chromiumElsewhere explains why Chromium cookies cannot be read off Linux.
func chromiumElsewhere(name string) error {
	if runtime.GOOS == "windows" {
		return &Error{Kind: Locked, Browser: name, Err: errAppBound}
	}
	return &Error{Kind: Unsupported, Browser: name}
}

// findDatabase returns the cookie database of the named profile, or of the
// most recently used one when profile is empty.
func findDatabase(b browser, home, profile string) string {
	file := []string{"Cookies", filepath.Join("Network", "Cookies")}
	if b.firefox {
		file = []string{"cookies.sqlite"}
	}
	var best string
	var bestTime int64
	for _, dir := range b.dirs[runtime.GOOS] {
		entries, _ := os.ReadDir(filepath.Join(home, dir))
		for _, e := range entries {
			if !e.IsDir() || (profile != "" && !profileMatches(e.Name(), profile)) {
				continue
			}
			for _, f := range file {
				p := filepath.Join(home, dir, e.Name(), f)
				if fi, err := os.Stat(p); err == nil && fi.ModTime().UnixNano() > bestTime {
					best, bestTime = p, fi.ModTime().UnixNano()
				}
			}
		}
	}
	return best
}

// profileMatches accepts a profile folder by its name, or for Firefox by
// the name after its random prefix ("abcd1234.default-release").
func profileMatches(dir, want string) bool {
	if strings.EqualFold(dir, want) {
		return true
	}
	_, suffix, ok := strings.Cut(dir, ".")
	return ok && strings.EqualFold(suffix, want)
}
