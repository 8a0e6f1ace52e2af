package browser

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Target is a browser the host can be registered with.
type Target struct {
	// Name is the browser's name, as the user knows it.
	Name string
	// Firefox says the browser reads Firefox's manifest (allowed_extensions)
	// instead of Chromium's (allowed_origins).
	Firefox bool
	// linuxDir is the browser's own folder: under the settings folder
	// ($XDG_CONFIG_HOME) for Chromium browsers, under home for Firefox.
	linuxDir string
	// linuxConfigDir is, for Firefox, its folder under the settings
	// folder, where a new Firefox keeps its profiles.
	linuxConfigDir string
	// macDir is the browser's own folder under Application Support.
	macDir string
	// windowsKey is the browser's registry key of native hosts under
	// HKEY_CURRENT_USER.
	windowsKey string
	// windowsDir is the browser's own folder on Windows, which it makes
	// when it is first opened: under %LocalAppData% for Chromium browsers,
	// under %AppData% for Firefox.
	windowsDir string
	// windowsProgram is the browser's program, which Windows lists under
	// App Paths once it is installed ("" for Chromium, which is not
	// installed but unpacked).
	windowsProgram string
}

// Targets are the browsers the extension is made for.
var Targets = []Target{
	{Name: "Google Chrome", linuxDir: "google-chrome", macDir: filepath.Join("Google", "Chrome"),
		windowsKey: `Software\Google\Chrome\NativeMessagingHosts`, windowsDir: filepath.Join("Google", "Chrome"), windowsProgram: "chrome.exe"},
	{Name: "Chromium", linuxDir: "chromium", macDir: "Chromium", windowsKey: `Software\Chromium\NativeMessagingHosts`, windowsDir: "Chromium"},
	{Name: "Microsoft Edge", linuxDir: "microsoft-edge", macDir: "Microsoft Edge", windowsKey: `Software\Microsoft\Edge\NativeMessagingHosts`,
		windowsDir: filepath.Join("Microsoft", "Edge"), windowsProgram: "msedge.exe"},
	{Name: "Brave", linuxDir: filepath.Join("BraveSoftware", "Brave-Browser"), macDir: filepath.Join("BraveSoftware", "Brave-Browser"),
		windowsKey: `Software\BraveSoftware\Brave-Browser\NativeMessagingHosts`, windowsDir: filepath.Join("BraveSoftware", "Brave-Browser"),
		windowsProgram: "brave.exe"},
	{Name: "Firefox", Firefox: true, linuxDir: ".mozilla", linuxConfigDir: "mozilla", macDir: "Mozilla",
		windowsKey: `Software\Mozilla\NativeMessagingHosts`, windowsDir: filepath.Join("Mozilla", "Firefox"), windowsProgram: "firefox.exe"},
}

// ErrNoBrowser is returned by Install when none of the browsers is found:
// on Linux and macOS none has its folder in the user's home, on Windows
// none is installed or has its folder in the user's application data.
var ErrNoBrowser = errors.New("none of Chrome, Chromium, Edge, Brave or Firefox has been used by this user")

// Registry writes the per-user registry keys of Windows.
type Registry interface {
	// SetDefault makes value the default value of key, creating the key.
	SetDefault(key, value string) error
	// DeleteKey removes key and says whether it was there; a key that is
	// not there is no error.
	DeleteKey(key string) (bool, error)
	// Installed says whether Windows lists program (chrome.exe) as
	// installed, for this user or for everyone (App Paths).
	Installed(program string) bool
}

// Installer registers Haul as the native messaging host of the browsers
// of one user.
type Installer struct {
	// Exe is the absolute path of the haul program the browsers start.
	Exe string
	// Windows says to register the Windows way: manifests in DataDir and
	// registry keys, instead of a manifest in each browser's folder.
	Windows bool
	// Home and ConfigHome are the user's home and settings folders (Linux;
	// on macOS ConfigHome is ~/Library/Application Support).
	Home, ConfigHome string
	// Mac says to use the browsers' folders of macOS.
	Mac bool
	// DataDir is where the manifests go on Windows (%LocalAppData%\Haul).
	DataDir string
	// LocalAppData and AppData are the user's application data folders on
	// Windows, where the browsers keep theirs.
	LocalAppData, AppData string
	// Registry is the user's registry (Windows).
	Registry Registry
}

// manifest is a native messaging host's manifest.
type manifest struct {
	Name              string   `json:"name"`
	Description       string   `json:"description"`
	Path              string   `json:"path"`
	Type              string   `json:"type"`
	AllowedOrigins    []string `json:"allowed_origins,omitempty"`
	AllowedExtensions []string `json:"allowed_extensions,omitempty"`
}

// manifestFor is the host's manifest for Chromium browsers or Firefox.
func (in Installer) manifestFor(firefox bool) manifest {
	m := manifest{Name: HostName, Description: "Haul, a bulk downloader: saves the pictures and links the Haul extension hands it",
		Path: in.Exe, Type: "stdio"}
	if firefox {
		m.AllowedExtensions = []string{FirefoxExtensionID}
	} else {
		m.AllowedOrigins = []string{ChromeOrigin()}
	}
	return m
}

// Install registers the host and returns the browsers it was registered
// with: each browser this user has used (its folder exists) or, on
// Windows, that is installed. It returns ErrNoBrowser when there is none.
func (in Installer) Install() ([]string, error) {
	if !filepath.IsAbs(in.Exe) {
		return nil, fmt.Errorf("register the browser host: %q is not an absolute path", in.Exe)
	}
	if in.Windows {
		return in.installWindows()
	}
	var done []string
	for _, t := range Targets {
		if !in.used(t) {
			continue
		}
		for _, path := range in.manifestPaths(t) {
			if err := writeManifest(path, in.manifestFor(t.Firefox)); err != nil {
				return done, err
			}
		}
		done = append(done, t.Name)
	}
	if len(done) == 0 {
		return nil, ErrNoBrowser
	}
	return done, nil
}

// Uninstall removes what Install wrote and returns the browsers it was
// removed from.
func (in Installer) Uninstall() ([]string, error) {
	var done []string
	for _, t := range Targets {
		removed, err := in.uninstallOne(t)
		if err != nil {
			return done, err
		}
		if removed {
			done = append(done, t.Name)
		}
	}
	if in.Windows {
		for _, firefox := range []bool{false, true} {
			if err := os.Remove(in.windowsManifest(firefox)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return done, fmt.Errorf("remove the browser host's manifest: %w", err)
			}
		}
	}
	return done, nil
}

// uninstallOne removes the host's registration from one browser.
func (in Installer) uninstallOne(t Target) (bool, error) {
	if in.Windows {
		removed, err := in.Registry.DeleteKey(t.windowsKey + `\` + HostName)
		if err != nil {
			return false, fmt.Errorf("remove the browser host from %s: %w", t.Name, err)
		}
		return removed, nil
	}
	removed := false
	for _, path := range in.manifestPaths(t) {
		err := os.Remove(path)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return removed, fmt.Errorf("remove the browser host from %s: %w", t.Name, err)
		}
		removed = true
	}
	return removed, nil
}

// installWindows writes the two manifests and points the registry key of
// each browser found at its manifest; a browser no longer found loses the
// key an earlier Install wrote.
func (in Installer) installWindows() ([]string, error) {
	var found []Target
	for _, t := range Targets {
		if in.foundOnWindows(t) {
			found = append(found, t)
		} else if _, err := in.uninstallOne(t); err != nil {
			return nil, err
		}
	}
	if len(found) == 0 {
		return nil, ErrNoBrowser
	}
	for _, firefox := range []bool{false, true} {
		if err := writeManifest(in.windowsManifest(firefox), in.manifestFor(firefox)); err != nil {
			return nil, err
		}
	}
	var done []string
	for _, t := range found {
		if err := in.Registry.SetDefault(t.windowsKey+`\`+HostName, in.windowsManifest(t.Firefox)); err != nil {
			return done, fmt.Errorf("register the browser host with %s: %w", t.Name, err)
		}
		done = append(done, t.Name)
	}
	return done, nil
}

// foundOnWindows says whether the browser is installed or its folder is
// in the user's application data.
func (in Installer) foundOnWindows(t Target) bool {
	if t.windowsProgram != "" && in.Registry.Installed(t.windowsProgram) {
		return true
	}
	base := in.LocalAppData
	if t.Firefox {
		base = in.AppData
	}
	if base == "" {
		return false
	}
	_, err := os.Stat(filepath.Join(base, t.windowsDir))
	return err == nil
}

// windowsManifest is where the manifest for Chromium browsers or Firefox
// goes on Windows.
func (in Installer) windowsManifest(firefox bool) string {
	kind := "chromium"
	if firefox {
		kind = "firefox"
	}
	return filepath.Join(in.DataDir, "NativeMessagingHosts", HostName+"."+kind+".json")
}

// browserDir is the browser's own folder on Linux or macOS.
func (in Installer) browserDir(t Target) string {
	if in.Mac {
		return filepath.Join(in.ConfigHome, t.macDir)
	}
	if t.Firefox {
		return filepath.Join(in.Home, t.linuxDir)
	}
	return filepath.Join(in.ConfigHome, t.linuxDir)
}

// used says whether this user has used the browser on Linux or macOS:
// its folder exists. A new Firefox on Linux keeps its profiles in the
// settings folder (~/.config/mozilla) instead of ~/.mozilla.
func (in Installer) used(t Target) bool {
	if _, err := os.Stat(in.browserDir(t)); err == nil {
		return true
	}
	_, err := os.Stat(in.configDir(t))
	return in.configDir(t) != "" && err == nil
}

// configDir is Firefox's folder under the settings folder on Linux, ""
// for other browsers and systems.
func (in Installer) configDir(t Target) string {
	if in.Mac || t.linuxConfigDir == "" {
		return ""
	}
	return filepath.Join(in.ConfigHome, t.linuxConfigDir)
}

// manifestPaths are where the browser looks for the host's manifest on
// Linux or macOS. Firefox on Linux reads it from
// ~/.mozilla/native-messaging-hosts even when it keeps its profiles in
// ~/.config/mozilla; there it is written too, for the Firefox that reads
// it from there.
func (in Installer) manifestPaths(t Target) []string {
	folder := "NativeMessagingHosts"
	if t.Firefox && !in.Mac {
		folder = "native-messaging-hosts"
	}
	paths := []string{filepath.Join(in.browserDir(t), folder, HostName+".json")}
	if dir := in.configDir(t); dir != "" {
		if _, err := os.Stat(dir); err == nil {
			paths = append(paths, filepath.Join(dir, folder, HostName+".json"))
		}
	}
	return paths
}

// writeManifest writes m to path whole, making its folder.
func writeManifest(path string, m manifest) error {
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// StartedByBrowser says whether args are those a browser starts the host
// with: the caller's origin (Chromium browsers), or the manifest's path and
// the extension's ID (Firefox). The manifest names the haul program alone,
// so these come without the word native-host.
func StartedByBrowser(args []string) bool {
	if len(args) > 0 && strings.HasPrefix(args[0], "chrome-extension://") {
		return true
	}
	return len(args) >= 2 && strings.HasSuffix(args[0], ".json") && args[1] == FirefoxExtensionID
}
