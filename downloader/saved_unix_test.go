//go:build unix

package downloader

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/disk"
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
			if _, ok := disk.ReadTag(full); !ok {
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

// sameNamedCase is one case of TestSameNamedLinksFindTheirOwnFiles.
type sameNamedCase struct {
	name    string
	policy  ExistsPolicy
	deleted int // the link whose file is deleted before the next run; -1 for none
}

// TestSameNamedLinksFindTheirOwnFiles: three links that all name their
// file original.jpg are saved as original.jpg, original (2).jpg and
// original (3).jpg. A run that kept no queue, given the links the other
// way round, finds each link's own file under its number: the files are
// skipped as in the folder, or written over in place under Overwrite,
// never taken for another link's. A file the user deleted is saved again
// for its own link, and no link is saved twice.
func TestSameNamedLinksFindTheirOwnFiles(t *testing.T) {
	tests := []sameNamedCase{
		{"skip existing files", SkipExisting, -1},
		{"keep both", KeepBoth, -1},
		{"overwrite", Overwrite, -1},
		{"skip existing files, one deleted", SkipExisting, 1},
		{"keep both, one deleted", KeepBoth, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			var links []string
			data := map[string][]byte{}
			for i := range 3 {
				p := fmt.Sprintf("/a/%d/original.jpg", i+1)
				data[srv.URL(p)] = downloadtest.Data(3000+i, int64(40+i))
				srv.Handle(p, data[srv.URL(p)])
				links = append(links, srv.URL(p))
			}
			dir := t.TempDir()
			opts := testOptions(dir)
			opts.Limits.OnExists = tc.policy
			opts.Limits.Concurrency = 1
			first := New(opts)
			firstIDs := addAll(t, first, links...)
			runAll(t, first)
			names := map[string]string{}
			for i, id := range firstIDs {
				names[links[i]] = mustItem(t, first, id).Name
			}
			if _, ok := disk.ReadTag(filepath.Join(dir, names[links[0]])); !ok {
				t.Skip("this file system keeps no extended attributes")
			}
			deleted := ""
			if tc.deleted >= 0 {
				deleted = links[tc.deleted]
				if err := os.Remove(filepath.Join(dir, names[deleted])); err != nil {
					t.Fatal(err)
				}
			}

			next := New(opts) // its queue never heard of the first run
			reversed := []string{links[2], links[1], links[0]}
			ids := addAll(t, next, reversed...)
			runAll(t, next)
			for i, id := range ids {
				checkOwnFile(t, tc.policy, reversed[i], mustItem(t, next, id), names[reversed[i]], reversed[i] == deleted)
				if it := mustItem(t, next, id); fileSum(t, it.Path) != sum256(data[reversed[i]]) {
					t.Errorf("%s: %s is not its file", reversed[i], it.Path)
				}
			}
			if files := allFiles(t, dir); len(files) != len(links) {
				t.Errorf("folder holds %v, want one file for each link", files)
			}
		})
	}
}

// checkOwnFile checks what a run that kept no queue made of link, which an
// earlier run saved as name: written over in place under Overwrite, saved
// again when its file was deleted, else skipped as in the folder as name.
func checkOwnFile(t *testing.T, policy ExistsPolicy, link string, it ItemSnapshot, name string, deleted bool) {
	t.Helper()
	switch {
	case policy == Overwrite:
		if it.State != Done || it.Name != name {
			t.Errorf("%s: %v as %q, want Done as %q", link, it.State, it.Name, name)
		}
	case deleted:
		if it.State != Done {
			t.Errorf("%s: %v (%v), want Done: its file was deleted", link, it.State, it.Err)
		}
	case it.State != Skipped || it.Note != (Note{Kind: NoteInFolder, Name: name}):
		t.Errorf("%s: %v (%+v), want Skipped as in the folder as %q", link, it.State, it.Note, name)
	}
}

// TestFileOfALinkNoLongerListedIsAFileOfThatName: a file Haul saved for a
// link that is not in the queue (the site moved its pictures) is, to a
// new link that wants its name, a file already in the folder: skipped for
// under "skip existing files", kept beside under "keep both".
func TestFileOfALinkNoLongerListedIsAFileOfThatName(t *testing.T) {
	for _, policy := range []ExistsPolicy{SkipExisting, KeepBoth} {
		t.Run(fmt.Sprint(policy), func(t *testing.T) {
			srv := newServer(t)
			old, moved := downloadtest.Data(3000, 71), downloadtest.Data(3000, 72)
			srv.Handle("/old/x.jpg", old)
			srv.Handle("/new/x.jpg", moved)
			dir := t.TempDir()
			opts := testOptions(dir)
			opts.Limits.OnExists = policy
			first := New(opts)
			addAll(t, first, srv.URL("/old/x.jpg"))
			runAll(t, first)
			if _, ok := disk.ReadTag(filepath.Join(dir, "x.jpg")); !ok {
				t.Skip("this file system keeps no extended attributes")
			}
			next := New(opts)
			ids := addAll(t, next, srv.URL("/new/x.jpg"))
			runAll(t, next)
			it := mustItem(t, next, ids[0])
			switch {
			case policy == SkipExisting && (it.State != Skipped || it.Note != (Note{Kind: NoteInFolder, Name: "x.jpg"})):
				t.Errorf("%v (%+v), want Skipped as x.jpg in the folder", it.State, it.Note)
			case policy == KeepBoth && (it.State != Done || it.Name != "x (2).jpg"):
				t.Errorf("%v as %q, want Done as x (2).jpg", it.State, it.Name)
			}
			if fileSum(t, filepath.Join(dir, "x.jpg")) != sum256(old) {
				t.Error("x.jpg was written over")
			}
		})
	}
}

// TestUsersFileUnderANumberedNameIsPassedOver: the user's own "data (2).bin"
// is neither taken for a second link's file (skipped as in the folder) nor
// written over: only the name a link asks for can be; a numbered name
// Haul picks moves on to the next number.
func TestUsersFileUnderANumberedNameIsPassedOver(t *testing.T) {
	for _, policy := range []ExistsPolicy{SkipExisting, KeepBoth, Overwrite} {
		t.Run(fmt.Sprint(policy), func(t *testing.T) {
			srv := newServer(t)
			one, two := downloadtest.Data(3000, 81), downloadtest.Data(3000, 82)
			srv.Handle("/b/1/data.bin", one)
			srv.Handle("/b/2/data.bin", two)
			dir := t.TempDir()
			mine := filepath.Join(dir, "data (2).bin")
			if err := os.WriteFile(mine, []byte("my own notes"), 0o644); err != nil {
				t.Fatal(err)
			}
			opts := testOptions(dir)
			opts.Limits.OnExists = policy
			opts.Limits.Concurrency = 1
			m := New(opts)
			ids := addAll(t, m, srv.URL("/b/1/data.bin"), srv.URL("/b/2/data.bin"))
			runAll(t, m)
			for i, want := range []struct {
				name string
				body []byte
			}{{"data.bin", one}, {"data (3).bin", two}} {
				it := mustItem(t, m, ids[i])
				if it.State != Done || it.Name != want.name || fileSum(t, it.Path) != sum256(want.body) {
					t.Errorf("link %d: %v as %q (%v), want Done as %q", i+1, it.State, it.Name, it.Err, want.name)
				}
			}
			if text, err := os.ReadFile(mine); err != nil || string(text) != "my own notes" {
				t.Errorf("the user's file was written over (%d bytes, %v)", len(text), err)
			}
		})
	}
}
