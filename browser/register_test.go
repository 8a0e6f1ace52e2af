package browser

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// readManifest reads a manifest Install wrote.
func readManifest(t *testing.T, path string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m
}

func TestInstallOnLinuxWritesEachUsedBrowsersManifest(t *testing.T) {
	home := t.TempDir()
	config := filepath.Join(home, ".config")
	for _, d := range []string{"google-chrome", "chromium", "microsoft-edge", "BraveSoftware/Brave-Browser"} {
		os.MkdirAll(filepath.Join(config, d), 0o755)
	}
	os.MkdirAll(filepath.Join(home, ".mozilla"), 0o755)
	in := Installer{Exe: "/opt/haul/haul", Home: home, ConfigHome: config}
	got, err := in.Install()
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"Google Chrome", "Chromium", "Microsoft Edge", "Brave", "Firefox"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Install = %v, want %v", got, want)
	}
	chromium := map[string]any{"name": "io.haul.app", "path": "/opt/haul/haul", "type": "stdio",
		"allowed_origins": []any{"chrome-extension://" + ChromeExtensionID + "/"}}
	firefox := map[string]any{"name": "io.haul.app", "path": "/opt/haul/haul", "type": "stdio",
		"allowed_extensions": []any{"haul@haul.io"}}
	files := map[string]map[string]any{
		".config/google-chrome/NativeMessagingHosts/io.haul.app.json":               chromium,
		".config/chromium/NativeMessagingHosts/io.haul.app.json":                    chromium,
		".config/microsoft-edge/NativeMessagingHosts/io.haul.app.json":              chromium,
		".config/BraveSoftware/Brave-Browser/NativeMessagingHosts/io.haul.app.json": chromium,
		".mozilla/native-messaging-hosts/io.haul.app.json":                          firefox,
	}
	for rel, want := range files {
		m := readManifest(t, filepath.Join(home, rel))
		delete(m, "description")
		if !reflect.DeepEqual(m, want) {
			t.Errorf("%s = %v, want %v", rel, m, want)
		}
	}

	removed, err := in.Uninstall()
	if err != nil || len(removed) != 5 {
		t.Fatalf("Uninstall = %v, %v", removed, err)
	}
	for rel := range files {
		if _, err := os.Stat(filepath.Join(home, rel)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there after Uninstall", rel)
		}
	}
}

// TestInstallFindsANewFirefoxInTheSettingsFolder: a new Firefox keeps its
// profiles in ~/.config/mozilla and no ~/.mozilla; Install finds it and
// writes the manifest where Firefox reads it, ~/.mozilla too.
func TestInstallFindsANewFirefoxInTheSettingsFolder(t *testing.T) {
	home := t.TempDir()
	config := filepath.Join(home, ".config")
	os.MkdirAll(filepath.Join(config, "mozilla", "firefox", "abcd.default-release"), 0o755)
	in := Installer{Exe: "/opt/haul/haul", Home: home, ConfigHome: config}
	got, err := in.Install()
	if err != nil || !reflect.DeepEqual(got, []string{"Firefox"}) {
		t.Fatalf("Install = %v, %v; want Firefox", got, err)
	}
	paths := []string{".mozilla/native-messaging-hosts/io.haul.app.json", ".config/mozilla/native-messaging-hosts/io.haul.app.json"}
	for _, rel := range paths {
		if m := readManifest(t, filepath.Join(home, rel)); m["allowed_extensions"] == nil {
			t.Errorf("%s is not Firefox's manifest: %v", rel, m)
		}
	}
	if removed, err := in.Uninstall(); err != nil || !reflect.DeepEqual(removed, []string{"Firefox"}) {
		t.Fatalf("Uninstall = %v, %v", removed, err)
	}
	for _, rel := range paths {
		if _, err := os.Stat(filepath.Join(home, rel)); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there after Uninstall", rel)
		}
	}
}

func TestInstallOnMacUsesApplicationSupport(t *testing.T) {
	support := filepath.Join(t.TempDir(), "Library", "Application Support")
	for _, d := range []string{"Google/Chrome", "Mozilla"} {
		os.MkdirAll(filepath.Join(support, d), 0o755)
	}
	in := Installer{Exe: "/Applications/Haul.app/Contents/MacOS/haul", ConfigHome: support, Mac: true}
	got, err := in.Install()
	if err != nil || !reflect.DeepEqual(got, []string{"Google Chrome", "Firefox"}) {
		t.Fatalf("Install = %v, %v", got, err)
	}
	for _, rel := range []string{"Google/Chrome/NativeMessagingHosts/io.haul.app.json", "Mozilla/NativeMessagingHosts/io.haul.app.json"} {
		if m := readManifest(t, filepath.Join(support, rel)); m["path"] != in.Exe {
			t.Errorf("%s = %v", rel, m)
		}
	}
}

func TestInstallOnLinuxSkipsBrowsersNeverUsed(t *testing.T) {
	home := t.TempDir()
	config := filepath.Join(home, ".config")
	in := Installer{Exe: "/opt/haul/haul", Home: home, ConfigHome: config}
	if _, err := in.Install(); !errors.Is(err, ErrNoBrowser) {
		t.Fatalf("Install with no browser = %v, want ErrNoBrowser", err)
	}
	os.MkdirAll(filepath.Join(config, "chromium"), 0o755)
	got, err := in.Install()
	if err != nil || !reflect.DeepEqual(got, []string{"Chromium"}) {
		t.Fatalf("Install = %v, %v", got, err)
	}
	if _, err := os.Stat(filepath.Join(config, "google-chrome")); !errors.Is(err, os.ErrNotExist) {
		t.Error("Install made a folder for Chrome, which was never used")
	}
	if _, err := (Installer{Exe: "haul"}).Install(); err == nil {
		t.Error("Install took a relative path to haul")
	}
}

// fakeRegistry records what would be written to the registry, and lists
// the programs it was told are installed.
type fakeRegistry struct {
	keys      map[string]string
	installed []string
}

func (r *fakeRegistry) SetDefault(key, value string) error { r.keys[key] = value; return nil }
func (r *fakeRegistry) DeleteKey(key string) (bool, error) {
	_, ok := r.keys[key]
	delete(r.keys, key)
	return ok, nil
}
func (r *fakeRegistry) Installed(program string) bool { return slices.Contains(r.installed, program) }

// TestInstallOnWindowsRegistersTheBrowsersFound: the keys of the browsers
// installed or used (their folder in the application data) point at the
// manifests, no other browser is named or keeps a key, and Uninstall
// removes them all.
func TestInstallOnWindowsRegistersTheBrowsersFound(t *testing.T) {
	data, local, roaming := t.TempDir(), t.TempDir(), t.TempDir()
	os.MkdirAll(filepath.Join(local, "BraveSoftware", "Brave-Browser", "User Data"), 0o755)
	os.MkdirAll(filepath.Join(roaming, "Mozilla", "Firefox"), 0o755)
	edge := `Software\Microsoft\Edge\NativeMessagingHosts\io.haul.app`
	chrome := `Software\Google\Chrome\NativeMessagingHosts\io.haul.app`
	reg := &fakeRegistry{keys: map[string]string{chrome: "an earlier Install"}, installed: []string{"msedge.exe"}}
	in := Installer{Exe: `C:\Program Files\Haul\Haul.exe`, Windows: true, DataDir: data, LocalAppData: local, AppData: roaming, Registry: reg}
	if !filepath.IsAbs(in.Exe) {
		in.Exe = "/" + in.Exe // an absolute path on the system the test runs on
	}
	got, err := in.Install()
	if want := []string{"Microsoft Edge", "Brave", "Firefox"}; err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("Install = %v, %v; want %v", got, err, want)
	}
	chromium := filepath.Join(data, "NativeMessagingHosts", "io.haul.app.chromium.json")
	firefox := filepath.Join(data, "NativeMessagingHosts", "io.haul.app.firefox.json")
	want := map[string]string{
		edge: chromium,
		`Software\BraveSoftware\Brave-Browser\NativeMessagingHosts\io.haul.app`: chromium,
		`Software\Mozilla\NativeMessagingHosts\io.haul.app`:                     firefox,
	}
	if !reflect.DeepEqual(reg.keys, want) {
		t.Errorf("registry = %v, want %v", reg.keys, want)
	}
	if m := readManifest(t, chromium); m["path"] != in.Exe || m["allowed_origins"].([]any)[0] != ChromeOrigin() {
		t.Errorf("Chromium manifest = %v", m)
	}
	if m := readManifest(t, firefox); m["allowed_extensions"].([]any)[0] != FirefoxExtensionID || m["allowed_origins"] != nil {
		t.Errorf("Firefox manifest = %v", m)
	}
	removed, err := in.Uninstall()
	if want := []string{"Microsoft Edge", "Brave", "Firefox"}; err != nil || !reflect.DeepEqual(removed, want) {
		t.Errorf("Uninstall = %v, %v; want %v", removed, err, want)
	}
	if len(reg.keys) != 0 {
		t.Errorf("registry after Uninstall = %v", reg.keys)
	}
	if entries, _ := os.ReadDir(filepath.Join(data, "NativeMessagingHosts")); len(entries) != 0 {
		t.Errorf("manifests left after Uninstall: %v", entries)
	}
}

// TestInstallOnWindowsWithNoBrowser: with no browser installed or used,
// Install says so, names none and writes nothing.
func TestInstallOnWindowsWithNoBrowser(t *testing.T) {
	data := t.TempDir()
	reg := &fakeRegistry{keys: map[string]string{}}
	in := Installer{Exe: "/opt/haul/Haul.exe", Windows: true, DataDir: data, LocalAppData: t.TempDir(), AppData: t.TempDir(), Registry: reg}
	got, err := in.Install()
	if !errors.Is(err, ErrNoBrowser) || len(got) != 0 {
		t.Errorf("Install = %v, %v; want none and ErrNoBrowser", got, err)
	}
	if entries, _ := os.ReadDir(data); len(reg.keys) != 0 || len(entries) != 0 {
		t.Errorf("with no browser, Install wrote keys %v and files %v", reg.keys, entries)
	}
}

func TestStartedByBrowser(t *testing.T) {
	tests := []struct {
		args []string
		want bool
	}{
		{[]string{"chrome-extension://" + ChromeExtensionID + "/"}, true},
		{[]string{"chrome-extension://" + ChromeExtensionID + "/", "--parent-window=42"}, true},
		{[]string{"/home/u/.mozilla/native-messaging-hosts/io.haul.app.json", FirefoxExtensionID}, true},
		{[]string{"list.txt"}, false},
		{[]string{"a.json", "b.json"}, false},
		{nil, false},
	}
	for _, tt := range tests {
		if got := StartedByBrowser(tt.args); got != tt.want {
			t.Errorf("StartedByBrowser(%q) = %v, want %v", strings.Join(tt.args, " "), got, tt.want)
		}
	}
}

func TestAManifestThatCannotBeWrittenLeavesNothingBehind(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, HostName+".json")
	if err := os.MkdirAll(filepath.Join(path, "in the way"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeManifest(path, manifest{Name: HostName}); err == nil {
		t.Fatal("writeManifest over a folder succeeded")
	}
	if _, err := os.Stat(path + ".tmp"); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the half-written manifest is left: %v", err)
	}
}
