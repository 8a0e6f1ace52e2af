package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader"
	"haul/downloader/downloadtest"
)

// TestStateOfAnotherFolderIsRefused: a -state file that holds downloads
// into one folder, given again with another -o, is refused with what to
// do, instead of finishing the files into the first folder and leaving
// the second empty; with -o of its own folder it goes on there.
func TestStateOfAnotherFolderIsRefused(t *testing.T) {
	s := newServer(t)
	body := downloadtest.Data(40<<10, 5)
	s.Handle("/a.bin", body, downloadtest.FailFirst(1, 404, ""))
	list := writeList(t, s.URL("/a.bin")+"\n")
	first, second := filepath.Join(t.TempDir(), "first"), filepath.Join(t.TempDir(), "second")
	state := filepath.Join(t.TempDir(), "queue.jsonl")
	if r := runGet(t.Context(), "", "-o", first, "-state", state, list); r.code != exitFailed {
		t.Fatalf("first run: exit %d, want %d\n%s%s", r.code, exitFailed, r.stdout, r.stderr)
	}
	r := runGet(t.Context(), "", "-o", second, "-state", state, list)
	if r.code == exitOK || !strings.Contains(r.stderr, "-o "+first) || !strings.Contains(r.stderr, "-state off") {
		t.Fatalf("another folder: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if s.Hits("/a.bin") != 1 || len(savedFiles(t, first)) != 0 {
		t.Errorf("the refused run downloaded: %d requests, %v in the first folder", s.Hits("/a.bin"), savedFiles(t, first))
	}
	if r := runGet(t.Context(), "", "-o", first, "-state", state, list); r.code != exitOK {
		t.Fatalf("its own folder: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	checkFiles(t, first, map[string][]byte{"a.bin": body})
}

// TestStateNamesAreChecked: a hand-edited queue whose records name a file
// or a page's folder outside the output folder writes nothing outside it:
// the names are checked as a server's are, and a folder elsewhere is
// refused.
func TestStateNamesAreChecked(t *testing.T) {
	s := newServer(t)
	bodies := map[string][]byte{"a.bin": downloadtest.Data(3000, 1), "b.bin": downloadtest.Data(4000, 2)}
	for name, body := range bodies {
		s.Handle("/"+name, body)
	}
	base := t.TempDir()
	out := filepath.Join(base, "out")
	tests := []struct {
		name   string
		record func(link string) downloader.Record
		ok     bool
	}{
		{"a name that climbs", func(link string) downloader.Record {
			return downloader.Record{URL: link, Dir: out, Name: "../escaped.bin", State: "queued", OwnsPart: true}
		}, true},
		{"a page's folder that climbs", func(link string) downloader.Record {
			return downloader.Record{URL: link, Dir: filepath.Join(out, ".."), Subdir: "..", Name: "escaped.bin", State: "queued"}
		}, true},
		{"a folder elsewhere", func(link string) downloader.Record {
			return downloader.Record{URL: link, Dir: base, Name: "escaped.bin", State: "queued"}
		}, false},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			name := []string{"a.bin", "b.bin", "a.bin"}[i]
			os.RemoveAll(out)
			state := filepath.Join(t.TempDir(), "queue.jsonl")
			writeQueue(t, state, tt.record(s.URL("/"+name)))
			r := runGet(t.Context(), "", "-o", out, "-state", state, writeList(t, s.URL("/"+name)+"\n"))
			if (r.code == exitOK) != tt.ok {
				t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			if _, err := os.Lstat(filepath.Join(base, "escaped.bin")); err == nil {
				t.Fatal("a file was written outside the output folder")
			}
			if tt.ok {
				checkFiles(t, out, map[string][]byte{name: bodies[name]})
			}
		})
	}
}

// writeQueue writes a saved queue of records, as a hand would.
func writeQueue(t *testing.T, path string, recs ...downloader.Record) {
	t.Helper()
	lines := []string{`{"haul":"queue","version":1}`}
	for _, r := range recs {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, string(b))
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
}
