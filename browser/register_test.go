package browser

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
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

// fakeRegistry records what would be written to the registry.
type fakeRegistry map[string]string

func (r fakeRegistry) SetDefault(key, value string) error { r[key] = value; return nil }
func (r fakeRegistry) DeleteKey(key string) error         { delete(r, key); return nil }

func TestInstallOnWindowsWritesTheUsersRegistryKeys(t *testing.T) {
	data := t.TempDir()
	reg := fakeRegistry{}
	in := Installer{Exe: `C:\Program Files\Haul\Haul.exe`, Windows: true, DataDir: data, Registry: reg}
	if !filepath.IsAbs(in.Exe) {
		in.Exe = "/" + in.Exe // an absolute path on the system the test runs on
	}
	got, err := in.Install()
	if err != nil || len(got) != 5 {
		t.Fatalf("Install = %v, %v", got, err)
	}
	chromium := filepath.Join(data, "NativeMessagingHosts", "io.haul.app.chromium.json")
	firefox := filepath.Join(data, "NativeMessagingHosts", "io.haul.app.firefox.json")
	want := fakeRegistry{
		`Software\Google\Chrome\NativeMessagingHosts\io.haul.app`:               chromium,
		`Software\Chromium\NativeMessagingHosts\io.haul.app`:                    chromium,
		`Software\Microsoft\Edge\NativeMessagingHosts\io.haul.app`:              chromium,
		`Software\BraveSoftware\Brave-Browser\NativeMessagingHosts\io.haul.app`: chromium,
		`Software\Mozilla\NativeMessagingHosts\io.haul.app`:                     firefox,
	}
	if !reflect.DeepEqual(reg, want) {
		t.Errorf("registry = %v, want %v", reg, want)
	}
	if m := readManifest(t, chromium); m["path"] != in.Exe || m["allowed_origins"].([]any)[0] != ChromeOrigin() {
		t.Errorf("Chromium manifest = %v", m)
	}
	if m := readManifest(t, firefox); m["allowed_extensions"].([]any)[0] != FirefoxExtensionID || m["allowed_origins"] != nil {
		t.Errorf("Firefox manifest = %v", m)
	}
	if _, err := in.Uninstall(); err != nil {
		t.Fatal(err)
	}
	if len(reg) != 0 {
		t.Errorf("registry after Uninstall = %v", reg)
	}
	if entries, _ := os.ReadDir(filepath.Join(data, "NativeMessagingHosts")); len(entries) != 0 {
		t.Errorf("manifests left after Uninstall: %v", entries)
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
