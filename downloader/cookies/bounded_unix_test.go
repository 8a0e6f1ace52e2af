//go:build unix

package cookies

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestNoDeviceOrPipeIsRead gives a cookies.txt and a browser's cookie
// store that are a link to /dev/zero or a named pipe no one writes to:
// each is refused at once, and nothing is copied into the temporary folder.
func TestNoDeviceOrPipeIsRead(t *testing.T) {
	tests := []struct {
		name string
		make func(t *testing.T, path string)
	}{
		{"link to /dev/zero", func(t *testing.T, path string) { must(t, os.Symlink("/dev/zero", path)) }},
		{"named pipe", func(t *testing.T, path string) { must(t, syscall.Mkfifo(path, 0o600)) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmp := t.TempDir()
			t.Setenv("TMPDIR", tmp)
			txt := filepath.Join(t.TempDir(), "cookies.txt")
			tt.make(t, txt)
			if _, err := ReadFile(txt); !isKind(err, NotAFile) {
				t.Errorf("cookies.txt: err = %v, want NotAFile", err)
			}
			home := t.TempDir()
			profile := filepath.Join(home, ".mozilla/firefox/abcd.default")
			must(t, os.MkdirAll(profile, 0o700))
			tt.make(t, filepath.Join(profile, "cookies.sqlite"))
			if _, err := FromBrowser(Source{Browser: "firefox", Home: home}); !isKind(err, NotAFile) {
				t.Errorf("cookies.sqlite: err = %v, want NotAFile", err)
			}
			if left, _ := os.ReadDir(tmp); len(left) != 0 {
				t.Errorf("left in the temporary folder: %v", left)
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
