package downloader

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"haul/downloader/disk"
	"haul/downloader/downloadtest"
)

// TestClaimsInAnEmptyFolderLookAtNoFile: a batch saved into a folder that
// held nothing, or was not there yet, looks at no file name by name (it
// knows what the folder held from its one look through it); in a folder
// that held a file, every name is looked at as before. Every file is saved
// whole either way.
func TestClaimsInAnEmptyFolderLookAtNoFile(t *testing.T) {
	cases := []struct {
		name      string
		prepare   func(t *testing.T, dir string) string // returns the output folder
		wantLooks int64
	}{
		{"empty folder", func(t *testing.T, dir string) string { return dir }, 0},
		{"folder not made yet", func(t *testing.T, dir string) string { return filepath.Join(dir, "new", "pictures") }, 0},
		{"folder holding a file", func(t *testing.T, dir string) string {
			if err := os.WriteFile(filepath.Join(dir, "mine.txt"), []byte("mine"), 0o644); err != nil {
				t.Fatal(err)
			}
			return dir
		}, 20},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			var urls []string
			bodies := map[string][]byte{}
			for i := range 20 {
				name := fmt.Sprintf("f%02d.bin", i)
				bodies[name] = downloadtest.Data(2000, int64(i))
				srv.Handle("/"+name, bodies[name])
				urls = append(urls, srv.URL("/"+name))
			}
			dir := tc.prepare(t, t.TempDir())
			m := New(testOptions(dir))
			var looks atomic.Int64
			lstat := m.disk.Lstat
			m.disk.Lstat = func(path string) (fs.FileInfo, error) {
				if _, ok := bodies[filepath.Base(path)]; ok {
					looks.Add(1)
				}
				return lstat(path)
			}
			addAll(t, m, urls...)
			if s := runAll(t, m); s.Done != 20 {
				t.Fatalf("summary %+v, want 20 saved", s)
			}
			for name, body := range bodies {
				if fileSum(t, filepath.Join(dir, name)) != sum256(body) {
					t.Errorf("%s is not the download", name)
				}
			}
			if got := looks.Load(); got != tc.wantLooks {
				t.Errorf("%d names looked at, want %d", got, tc.wantLooks)
			}
		})
	}
}

// TestFileMadeInAnEmptyFolderMeanwhileIsKept: the folder held nothing
// when first looked at, then the user saved a file under the name an item
// was given; the item's file goes under the next free name and the user's
// is left as it was, small file or large.
func TestFileMadeInAnEmptyFolderMeanwhileIsKept(t *testing.T) {
	for _, size := range []int{2000, smallFileMax + 1000} {
		t.Run(fmt.Sprint(size), func(t *testing.T) {
			srv := newServer(t)
			body := downloadtest.Data(size, 7)
			srv.Handle("/file.bin", body)
			dir := t.TempDir()
			m := New(testOptions(dir))
			users := []byte("the user's own")
			var once sync.Once
			userSaves := func() {
				once.Do(func() {
					if err := os.WriteFile(filepath.Join(dir, "file.bin"), users, 0o644); err != nil {
						t.Error(err)
					}
				})
			}
			open, unnamed := m.disk.OpenPart, m.disk.CreateUnnamed
			m.disk.OpenPart = func(path string, offset int64, exclusive bool) (disk.PartFile, error) {
				userSaves()
				return open(path, offset, exclusive)
			}
			m.disk.CreateUnnamed = func(dir string) (*os.File, error) {
				userSaves()
				return unnamed(dir)
			}
			mustSaveAs(t, m, srv.URL("/file.bin"), "file (2).bin", body)
			if fileSum(t, filepath.Join(dir, "file.bin")) != sum256(users) {
				t.Error("the user's file changed")
			}
			if parts := partFiles(t, dir); len(parts) != 0 {
				t.Errorf("temporary files %v left", parts)
			}
		})
	}
}

// TestNextBatchReadsTheFolderAfresh: a folder that was empty for the first
// batch, into which the user put a file of their own once it was over, is
// read again by the next batch: a link wanting that file's name finds it
// there and, by the default policy, is skipped as already in the folder.
func TestNextBatchReadsTheFolderAfresh(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/a/first.bin", downloadtest.Data(2000, 1))
	srv.Handle("/b/cat.bin", downloadtest.Data(2000, 2))
	dir := t.TempDir()
	m := New(testOptions(dir))
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Stop()
	waitForBatch := func() {
		t.Helper()
		done := make(chan Summary, 1)
		go func() { done <- m.Wait() }()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			t.Fatalf("batch did not finish: %+v", m.Summary())
		}
	}
	addAll(t, m, srv.URL("/a/first.bin"))
	waitForBatch()
	users := []byte("the user's own")
	if err := os.WriteFile(filepath.Join(dir, "cat.bin"), users, 0o644); err != nil {
		t.Fatal(err)
	}
	id := addAll(t, m, srv.URL("/b/cat.bin"))[0]
	waitForBatch()
	if it := mustItem(t, m, id); it.State != Skipped || it.Note != (Note{Kind: NoteInFolder, Name: "cat.bin"}) {
		t.Fatalf("%v (%+v), want Skipped as in the folder as cat.bin", it.State, it.Note)
	}
	if fileSum(t, filepath.Join(dir, "cat.bin")) != sum256(users) {
		t.Error("the user's file changed")
	}
	if files := allFiles(t, dir); len(files) != 2 {
		t.Errorf("folder holds %v, want first.bin and the user's cat.bin", files)
	}
}
