package archive

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// recorded makes an archive at path holding n links, with their pictures.
func recorded(t *testing.T, path string, n int) {
	t.Helper()
	if err := fill(path, n); err != nil {
		t.Fatal(err)
	}
}

// damage writes garbage over the archive at path from byte at on.
func damage(t *testing.T, path string, at int64) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	junk := make([]byte, fi.Size()-at)
	for i := range junk {
		junk[i] = byte(i*7 + 13)
	}
	if _, err := f.WriteAt(junk, at); err != nil {
		t.Fatal(err)
	}
}

// TestADamagedArchiveSaysSoInsteadOfKnowingNothing: an archive whose file
// is there but cannot be read answers "cannot be read", never "not saved
// before", so nothing it may hold is downloaded again; once the file is
// set aside, the folder starts a new archive.
func TestADamagedArchiveSaysSoInsteadOfKnowingNothing(t *testing.T) {
	tests := []struct {
		name   string
		damage func(t *testing.T, path string)
	}{
		{"garbage over the header", func(t *testing.T, path string) { damage(t, path, 0) }},
		{"garbage over the tables", func(t *testing.T, path string) { damage(t, path, 4096) }},
		{"not an archive", func(t *testing.T, path string) {
			os.Remove(path + "-wal")
			os.Remove(path + "-shm")
			os.WriteFile(path, []byte("these are my notes, not a database\n"), 0o600)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, base := t.TempDir(), t.TempDir()
			path, _ := PathFor(base, dir)
			recorded(t, path, 1500)
			tt.damage(t, path)
			f := NewFolders(base)
			defer f.Close()
			var unreadable *UnreadableError
			err := f.Check(dir)
			if !errors.As(err, &unreadable) || unreadable.ArchivePath() != path {
				t.Fatalf("Check = %v, want the archive %s unreadable", err, path)
			}
			for i := 0; i < 1500; i += 97 {
				held, err := f.HasLink(dir, benchLink(i))
				if held || !errors.As(err, &unreadable) {
					t.Fatalf("HasLink of link %d = %v, %v: want the archive unreadable", i, held, err)
				}
			}
			if held, err := f.HasPicture(dir, fmt.Sprintf("%064x", 5)); held || !errors.As(err, &unreadable) {
				t.Fatalf("HasPicture = %v, %v: want the archive unreadable", held, err)
			}
			for _, suffix := range []string{"", "-wal", "-shm"} {
				os.Rename(path+suffix, path+".broken"+suffix) // set aside, as the user is told
			}
			if held, err := f.HasLink(dir, benchLink(1)); held || err != nil {
				t.Errorf("after the archive was set aside HasLink = %v, %v; want a new, empty archive", held, err)
			}
		})
	}
}

// TestAnArchiveRepairedMeanwhileIsReadAgain: a folder whose archive could
// not be read finds it again once it is put right, without a restart.
func TestAnArchiveRepairedMeanwhileIsReadAgain(t *testing.T) {
	dir, base := t.TempDir(), t.TempDir()
	path, _ := PathFor(base, dir)
	recorded(t, path, 10)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(path, []byte("damaged"), 0o600)
	f := NewFolders(base)
	defer f.Close()
	if _, err := f.HasLink(dir, benchLink(3)); err == nil {
		t.Fatal("a damaged archive was read")
	}
	os.WriteFile(path, good, 0o600)
	if held, err := f.HasLink(dir, benchLink(3)); !held || err != nil {
		t.Errorf("the repaired archive: %v, %v; want the link held", held, err)
	}
}

// TestAMissingArchiveThatCannotBeMadeHoldsNothing: with no archive to
// read, nothing was saved before, and downloads go on.
func TestAMissingArchiveThatCannotBeMadeHoldsNothing(t *testing.T) {
	blocked := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocked, nil, 0o600)
	f := NewFolders(blocked)
	if held, err := f.HasLink(t.TempDir(), "http://127.0.0.1/a.jpg"); held || err != nil {
		t.Errorf("HasLink = %v, %v; want not held, no error", held, err)
	}
}
