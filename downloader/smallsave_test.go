package downloader

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"

	"haul/downloader/disk"
	"haul/downloader/downloadtest"
)

// TestSmallFilesAreSavedWhole saves small files through the path without
// a temporary name, and through its ways back to the part file: the bytes
// on disk, the requests the server saw, and that no part file is left.
func TestSmallFilesAreSavedWhole(t *testing.T) {
	noUnnamed := func(dir string) (*os.File, error) {
		return nil, fmt.Errorf("create a file in %s: %w", dir, disk.ErrNoUnnamed)
	}
	tests := []struct {
		name      string
		size      int
		opts      []downloadtest.Option
		create    disk.CreateUnnamedFunc
		wantName  string
		hits      int
		unnamed   int64 // files without a name asked for
		viaPart   bool  // on Linux, the file still went through a part file
		wantRange string
	}{
		{name: "2 KB", size: 2000, wantName: "file.bin", hits: 1, unnamed: 1},
		{name: "at the limit", size: smallFileMax, wantName: "file.bin", hits: 1, unnamed: 1},
		{name: "over the limit", size: smallFileMax + 1, wantName: "file.bin", hits: 1, viaPart: true},
		{name: "unknown length", size: 2000, opts: []downloadtest.Option{downloadtest.NoContentLength()}, wantName: "file.bin", hits: 1, viaPart: true},
		{name: "cut short, then resumed", size: 100 << 10, opts: []downloadtest.Option{downloadtest.CutBody(40<<10, 1)},
			wantName: "file.bin", hits: 2, wantRange: fmt.Sprintf("bytes=%d-", 40<<10), viaPart: true},
		{name: "folder without unnamed files", size: 2000, create: noUnnamed, wantName: "file.bin", hits: 1, unnamed: 1, viaPart: true},
		{name: "name taken meanwhile", size: 2000, create: takeNameFirst, wantName: "file (2).bin", hits: 1, unnamed: 1, viaPart: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			body := downloadtest.Data(tc.size, 7)
			srv := newServer(t)
			srv.Handle("/file.bin", body, tc.opts...)
			dir := t.TempDir()
			m := New(testOptions(dir))
			create := tc.create
			if create == nil {
				create = disk.CreateUnnamedOS
			}
			var asked atomic.Int64
			m.disk.CreateUnnamed = func(dir string) (*os.File, error) {
				asked.Add(1)
				return create(dir)
			}
			var partOpens atomic.Int64
			m.disk.OpenPart = func(path string, offset int64, exclusive bool) (disk.PartFile, error) {
				partOpens.Add(1)
				return disk.OpenPartOS(path, offset, exclusive)
			}
			ids := addAll(t, m, srv.URL("/file.bin"))
			runAll(t, m)
			it := mustItem(t, m, ids[0])
			if it.State != Done {
				t.Fatalf("state %v (%v), want Done", it.State, it.Err)
			}
			if got := fileSum(t, filepath.Join(dir, tc.wantName)); got != sum256(body) {
				t.Errorf("%s differs from the server's file", tc.wantName)
			}
			if it.Path != filepath.Join(dir, tc.wantName) {
				t.Errorf("path %q, want %q", it.Path, filepath.Join(dir, tc.wantName))
			}
			if hits := srv.Hits("/file.bin"); hits != tc.hits {
				t.Errorf("server asked %d times, want %d", hits, tc.hits)
			}
			if got := asked.Load(); got != tc.unnamed {
				t.Errorf("%d files without a name asked for, want %d", got, tc.unnamed)
			}
			if viaPart := partOpens.Load() > 0; runtime.GOOS == "linux" && viaPart != tc.viaPart {
				t.Errorf("went through a part file: %v, want %v", viaPart, tc.viaPart)
			}
			if tc.wantRange != "" {
				reqs := srv.Requests("/file.bin")
				if got := reqs[len(reqs)-1].Header.Get("Range"); got != tc.wantRange {
					t.Errorf("last request's Range %q, want %q", got, tc.wantRange)
				}
			}
			if parts := partFiles(t, dir); len(parts) != 0 {
				t.Errorf("left part files %v", parts)
			}
		})
	}
}

// takeNameFirst makes another program's file.bin appear in dir just before
// the download is linked there.
func takeNameFirst(dir string) (*os.File, error) {
	if err := os.WriteFile(filepath.Join(dir, "file.bin"), []byte("theirs"), 0o644); err != nil {
		return nil, err
	}
	return disk.CreateUnnamedOS(dir)
}

// TestSmallFileNameTakenKeepsTheOtherFile checks that the file another
// program put under the final name is left as it was.
func TestSmallFileNameTakenKeepsTheOtherFile(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/file.bin", downloadtest.Data(2000, 8))
	dir := t.TempDir()
	m := New(testOptions(dir))
	m.disk.CreateUnnamed = takeNameFirst
	addAll(t, m, srv.URL("/file.bin"))
	runAll(t, m)
	got, err := os.ReadFile(filepath.Join(dir, "file.bin"))
	if err != nil || string(got) != "theirs" {
		t.Errorf("the other program's file holds %q (%v), want %q", got, err, "theirs")
	}
}

// TestSmallFileCutEveryTimeLeavesNoFinalName fails a small file whose
// every answer is cut short: nothing ever appears under its final name.
func TestSmallFileCutEveryTimeLeavesNoFinalName(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/cut.bin", downloadtest.Data(20<<10, 9), downloadtest.IgnoreRange(), downloadtest.CutBody(5<<10, -1))
	dir := t.TempDir()
	o := testOptions(dir)
	o.Limits.Retries = 2
	m := New(o)
	ids := addAll(t, m, srv.URL("/cut.bin"))
	runAll(t, m)
	if it := mustItem(t, m, ids[0]); it.State != Failed {
		t.Fatalf("state %v, want Failed", it.State)
	}
	if _, err := os.Lstat(filepath.Join(dir, "cut.bin")); !os.IsNotExist(err) {
		t.Errorf("a file is under the final name (%v)", err)
	}
}
