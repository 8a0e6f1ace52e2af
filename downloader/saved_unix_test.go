//go:build unix

package downloader

import (
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/downloadtest"
	"haul/downloader/naming"
)

// TestFileSavedBeforeItsQueueLineIsNotSavedTwice: a run that saved a file
// and stopped before its queue noted it (a crash, a power cut) leaves the
// whole file under its final name with the link's note. The next run of
// the same link knows that file for its own and skips the link as already
// in the folder, instead of saving "name (2)". A file that is not that
// same download (another version, or changed since), or that nothing
// tells apart from it, is kept, and the new download goes beside it.
func TestFileSavedBeforeItsQueueLineIsNotSavedTwice(t *testing.T) {
	small, large, changed := downloadtest.Data(2000, 31), downloadtest.Data(1<<20, 32), downloadtest.Data(2000, 33)
	named := downloadtest.Header("Content-Disposition", `attachment; filename="holiday.bin"`)
	tests := []struct {
		name        string
		path, saved string
		before, now []byte
		by          []downloadtest.Option
		policy      ExistsPolicy
		edit        bool // the file is changed in place after the first run
		savedTwice  bool // the next run saves beside it
	}{
		{"small file", "/a.bin", "a.bin", small, small, nil, KeepBoth, false, false},
		{"large file", "/a.bin", "a.bin", large, large, nil, KeepBoth, false, false},
		{"no validators, same length", "/a.bin", "a.bin", small, small, []downloadtest.Option{downloadtest.NoValidators()}, KeepBoth, false, false},
		{"named by the server", "/get", "holiday.bin", small, small, []downloadtest.Option{named}, KeepBoth, false, false},
		{"skip existing files", "/a.bin", "a.bin", small, small, nil, SkipExisting, false, false},
		{"another version", "/a.bin", "a.bin", small, changed, nil, KeepBoth, false, true},
		{"neither a version nor a length to compare", "/a.bin", "a.bin", small, small,
			[]downloadtest.Option{downloadtest.NoValidators(), downloadtest.NoContentLength()}, KeepBoth, false, true},
		{"changed since", "/a.bin", "a.bin", small, small, nil, KeepBoth, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			dir := t.TempDir()
			opts := testOptions(dir)
			opts.Limits.OnExists = tc.policy
			srv.Handle(tc.path, tc.before, tc.by...)
			first := New(opts)
			firstIDs := addAll(t, first, srv.URL(tc.path))
			runAll(t, first)
			checkSavedAlone(t, first, firstIDs[0], dir, tc.saved, sum256(tc.before))
			full := filepath.Join(dir, tc.saved)
			if _, ok := readPartTag(full); !ok {
				t.Skip("this file system keeps no extended attributes")
			}
			if tc.edit {
				appendTo(t, full, []byte("edited"))
			}
			kept := fileSum(t, full)

			srv.Handle(tc.path, tc.now, tc.by...)
			next := New(opts) // its queue never heard of the first run
			ids := addAll(t, next, srv.URL(tc.path))
			runAll(t, next)
			if !tc.savedTwice {
				it := mustItem(t, next, ids[0])
				if it.State != Skipped || it.Note != (Note{Kind: NoteInFolder, Name: tc.saved}) || it.Path != full {
					t.Errorf("%v (%+v) at %q, want Skipped as already in the folder at %q", it.State, it.Note, it.Path, full)
				}
				if files := allFiles(t, dir); len(files) != 1 || fileSum(t, full) != kept {
					t.Errorf("folder holds %v, want %s alone and unchanged", files, tc.saved)
				}
				return
			}
			second := naming.Numbered(tc.saved, 2)
			if it := mustItem(t, next, ids[0]); it.State != Done || it.Name != second {
				t.Fatalf("%v as %q (%v), want Done as %s", it.State, it.Name, it.Err, second)
			}
			if fileSum(t, full) != kept {
				t.Errorf("%s was written over", tc.saved)
			}
			if fileSum(t, filepath.Join(dir, second)) != sum256(tc.now) {
				t.Errorf("%s is not the server's file", second)
			}
		})
	}
}

// appendTo adds data at the end of the file at path, in place.
func appendTo(t *testing.T, path string, data []byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
