package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

// TestReportThatCannotBeWrittenIsRefusedFirst: a -report file that would
// replace the list being read, that is a folder, or whose folder does not
// exist is refused before anything is downloaded, with a message that
// says what to do, and the list is left as it was.
func TestReportThatCannotBeWrittenIsRefusedFirst(t *testing.T) {
	s := newServer(t)
	s.Handle("/a.jpg", downloadtest.Picture(2000, 1))
	list := writeList(t, s.URL("/a.jpg")+"\n")
	folder := t.TempDir()
	tests := []struct {
		name, report, want string
	}{
		{"the list itself", list, "is your list of links and would be replaced by the report"},
		{"a folder", folder, "is a folder; give a file name for the report"},
		{"in a folder that does not exist", filepath.Join(folder, "missing", "r.csv"), "does not exist; create it or choose another place"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runGet(t.Context(), "", "-q", "-o", t.TempDir(), "-report", tt.report, list)
			if r.code != exitUsage || !strings.Contains(r.stderr, tt.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit %d and %q", r.code, r.stderr, exitUsage, tt.want)
			}
			if hits := s.Hits("/a.jpg"); hits != 0 {
				t.Errorf("%d requests before the report was refused, want none", hits)
			}
			if text, err := os.ReadFile(list); err != nil || string(text) != s.URL("/a.jpg")+"\n" {
				t.Errorf("the list now holds %q (%v)", text, err)
			}
		})
	}
}

// TestReportReplacesAnEarlierOneWhole: a report over an earlier one
// replaces it, and leaves no temporary file beside it.
func TestReportReplacesAnEarlierOneWhole(t *testing.T) {
	s := newServer(t)
	s.Handle("/a.jpg", downloadtest.Picture(2000, 1))
	folder := t.TempDir()
	report := filepath.Join(folder, "r.csv")
	if err := os.WriteFile(report, []byte(strings.Repeat("an earlier report\n", 1000)), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runGet(t.Context(), "", "-q", "-o", t.TempDir(), "-report", report, s.URL("/a.jpg")); r.code != exitOK {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	text, err := os.ReadFile(report)
	if err != nil || strings.Contains(string(text), "an earlier report") || !strings.Contains(string(text), s.URL("/a.jpg")) {
		t.Errorf("the report holds %q (%v), want this run's items alone", text, err)
	}
	if entries, _ := os.ReadDir(folder); len(entries) != 1 {
		t.Errorf("the report's folder holds %d entries, want the report alone", len(entries))
	}
}
