package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

// TestArchiveSkipsFilesSavedBeforeIntoAnyFolder: with -archive, a file
// saved once is not fetched again, even deleted, nor into another folder,
// and -state off makes no difference; a folder that cannot hold the
// archive is a clear error before anything is fetched.
func TestArchiveSkipsFilesSavedBeforeIntoAnyFolder(t *testing.T) {
	s := newServer(t)
	body := downloadtest.Data(3000, 9)
	s.Handle("/a.bin", body)
	root := t.TempDir()
	arc := filepath.Join(root, "saved.sqlite")
	first := filepath.Join(root, "first")
	if r := runGet(t.Context(), "", "-o", first, "-archive", arc, s.URL("/a.bin")); r.code != exitOK {
		t.Fatalf("first run: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	checkFiles(t, first, map[string][]byte{"a.bin": body})
	os.Remove(filepath.Join(first, "a.bin"))
	for _, dir := range []string{first, filepath.Join(root, "second")} {
		r := runGet(t.Context(), "", "-o", dir, "-state", "off", "-archive", arc, s.URL("/a.bin"))
		if r.code != exitOK || !strings.HasPrefix(r.stdout, "Saved 0 · skipped 1 · ") {
			t.Fatalf("run into %s: exit %d\n%s%s", dir, r.code, r.stdout, r.stderr)
		}
	}
	if hits := s.Hits("/a.bin"); hits != 1 {
		t.Errorf("asked %d times, want 1", hits)
	}
	blocked := filepath.Join(root, "file")
	os.WriteFile(blocked, nil, 0o644)
	r := runGet(t.Context(), "", "-o", first, "-archive", filepath.Join(blocked, "a.sqlite"), s.URL("/a.bin"))
	if r.code != exitFailed || !strings.Contains(r.stderr, "download archive") {
		t.Errorf("archive under a file: exit %d\n%s", r.code, r.stderr)
	}
}

// TestArchiveMayBeARelativePath: -archive a.sqlite is the file a.sqlite in
// the working folder, as any other path on the command line.
func TestArchiveMayBeARelativePath(t *testing.T) {
	s := newServer(t)
	s.Handle("/a.bin", downloadtest.Data(3000, 9))
	work := t.TempDir()
	t.Chdir(work)
	for i, want := range []string{"Saved 1 · ", "Saved 0 · skipped 1 · "} {
		r := runGet(t.Context(), "", "-o", filepath.Join(work, "out"), "-state", "off", "-archive", "a.sqlite", s.URL("/a.bin"))
		if r.code != exitOK || !strings.HasPrefix(r.stdout, want) {
			t.Fatalf("run %d: exit %d\n%s%s", i+1, r.code, r.stdout, r.stderr)
		}
	}
	if _, err := os.Stat(filepath.Join(work, "a.sqlite")); err != nil {
		t.Errorf("the archive is not in the working folder: %v", err)
	}
}

// TestADamagedArchiveGivenOnTheCommandLineStopsTheRun: haul get -archive
// with a file that is not an archive says so and fetches nothing.
func TestADamagedArchiveGivenOnTheCommandLineStopsTheRun(t *testing.T) {
	s := newServer(t)
	s.Handle("/a.bin", downloadtest.Data(3000, 9))
	root := t.TempDir()
	arc := filepath.Join(root, "saved.sqlite")
	os.WriteFile(arc, []byte("not an archive at all, and much too short"), 0o600)
	r := runGet(t.Context(), "", "-o", filepath.Join(root, "out"), "-archive", arc, s.URL("/a.bin"))
	if r.code != exitFailed || !strings.Contains(r.stderr, arc) || s.Hits("/a.bin") != 0 {
		t.Errorf("exit %d, %d requests\n%s%s", r.code, s.Hits("/a.bin"), r.stdout, r.stderr)
	}
}
