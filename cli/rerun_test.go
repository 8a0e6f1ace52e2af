package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

// TestRerunRetriesFailedLinks: a link that failed in one run gets a fresh
// set of tries when haul get runs the same list again.
func TestRerunRetriesFailedLinks(t *testing.T) {
	s := newServer(t)
	body := downloadtest.Data(5000, 7)
	s.Handle("/later.bin", body, downloadtest.FailFirst(1, 404, ""))
	out := filepath.Join(t.TempDir(), "out")
	list := writeList(t, s.URL("/later.bin")+"\n")
	if r := runGet(t.Context(), "", "-o", out, list); r.code != exitFailed {
		t.Fatalf("first run: exit %d, want %d\n%s", r.code, exitFailed, r.stdout)
	}
	r := runGet(t.Context(), "", "-o", out, list)
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "Saved 1 · skipped 0 · failed 0") {
		t.Fatalf("second run: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	checkFiles(t, out, map[string][]byte{"later.bin": body})
	if hits := s.Hits("/later.bin"); hits != 2 {
		t.Errorf("asked %d times, want 2: once per run", hits)
	}
}

// TestRerunFindsLinksWithNonASCIICharacters: the saved state of a link
// written with non-ASCII characters is found again on the next run, so the
// file saved the first time is not asked for again.
func TestRerunFindsLinksWithNonASCIICharacters(t *testing.T) {
	s := newServer(t)
	body := downloadtest.Data(3000, 8)
	s.Handle("/фото/café.bin", body)
	link := strings.Replace(s.URL("/x"), "/x", "/фото/café.bin", 1)
	out := filepath.Join(t.TempDir(), "out")
	list := writeList(t, link+"\n")
	if r := runGet(t.Context(), "", "-o", out, list); r.code != exitOK {
		t.Fatalf("first run: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r := runGet(t.Context(), "", "-o", out, list)
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "Saved 0 · skipped 1 · ") {
		t.Fatalf("second run: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if hits := s.Hits("/фото/café.bin"); hits != 1 {
		t.Errorf("asked %d times; the second run should know the file was saved", hits)
	}
	if _, err := os.Stat(filepath.Join(out, "café.bin")); err != nil {
		t.Error(err)
	}
}
