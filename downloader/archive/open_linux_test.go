package archive

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// openFiles is how many files the process has open.
func openFiles(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	return len(fds)
}

// TestSavingIntoManyFoldersKeepsFewArchivesOpen: a window that saved into
// many folders (a folder per gallery) keeps only the archives used last
// open, and each folder's archive is still found.
func TestSavingIntoManyFoldersKeepsFewArchivesOpen(t *testing.T) {
	base, root := t.TempDir(), t.TempDir()
	f := NewFolders(base)
	defer f.Close()
	const folders = 8 * MaxOpen
	before := openFiles(t)
	folder := func(i int) string { return filepath.Join(root, fmt.Sprint(i)) }
	for i := range folders {
		if err := f.Remember(folder(i), fmt.Sprintf("http://127.0.0.1/%d.jpg", i), "", ""); err != nil {
			t.Fatal(err)
		}
	}
	grown := openFiles(t) - before
	if grown > 4*MaxOpen {
		t.Errorf("%d more open files after %d folders, want at most %d", grown, folders, 4*MaxOpen)
	}
	t.Logf("%d more open files after %d folders", grown, folders)
	for _, i := range []int{0, 37, folders - 1} {
		if held, err := f.HasLink(folder(i), fmt.Sprintf("http://127.0.0.1/%d.jpg", i)); !held || err != nil {
			t.Errorf("folder %d lost its link: %v %v", i, held, err)
		}
	}
	if n, err := f.ForgetOpen("http://127.0.0.1/3.jpg", "http://127.0.0.1/50.jpg"); n != 2 || err != nil {
		t.Errorf("ForgetOpen = %d, %v; want the links of folders closed meanwhile forgotten too", n, err)
	}
}

// TestAnArchiveInUseIsNeverClosedUnderACall: many workers over more
// folders than stay open each find what they recorded.
func TestAnArchiveInUseIsNeverClosedUnderACall(t *testing.T) {
	f := NewFolders(t.TempDir())
	defer f.Close()
	root := t.TempDir()
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 12 {
				dir := filepath.Join(root, fmt.Sprint((w*12+i)%(2*MaxOpen)))
				link := fmt.Sprintf("http://127.0.0.1/%d/%d.jpg", w, i)
				if err := f.Remember(dir, link, "", ""); err != nil {
					t.Error(err)
					return
				}
				if held, err := f.HasLink(dir, link); !held || err != nil {
					t.Errorf("%s in %s: %v %v", link, dir, held, err)
					return
				}
			}
		})
	}
	wg.Wait()
}
