//go:build unix

package downloader

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"haul/downloader/disk"
	"haul/downloader/downloadtest"
)

// leaveTemporaryFile runs a download of body from path, saved as name,
// until at least half of it is in its temporary file, then stops, as a run
// whose queue is lost afterwards would. It returns the temporary file's
// size, and skips the test where the file system keeps no extended
// attributes.
func leaveTemporaryFile(t *testing.T, srv *downloadtest.Server, dir, path, name string, body []byte, opts ...downloadtest.Option) int64 {
	t.Helper()
	srv.Handle(path, body, append([]downloadtest.Option{downloadtest.Throttle(2 << 20)}, opts...)...)
	first := New(testOptions(dir))
	ids := startWith(t, first, srv.URL(path))
	waitFor(t, "half the file", func() bool { return mustItem(t, first, ids[0]).Bytes >= int64(len(body)/2) })
	first.Stop()
	part := filepath.Join(dir, name+".part")
	if _, ok := disk.ReadTag(part); !ok {
		t.Skip("this file system keeps no extended attributes")
	}
	fi, err := os.Stat(part)
	if err != nil {
		t.Fatalf("the stopped run left no temporary file: %v", err)
	}
	return fi.Size()
}

// TestLeftoverAfterALostQueue: a run stopped partway leaves a temporary
// file; with its queue lost, the next run of the same link recognises the
// file as Haul's, resumes it when the server still offers the same
// version, and otherwise writes it again from byte 0. Either way the file
// is saved whole under its own name, with no orphan and no "name (2)".
// A file named by the server is only recognised once the answer names it.
func TestLeftoverAfterALostQueue(t *testing.T) {
	first, changed := downloadtest.Data(1<<20, 21), downloadtest.Data(900<<10, 22)
	named := downloadtest.Header("Content-Disposition", `attachment; filename="holiday.bin"`)
	picture := append(pngOf(t, 32, 32, 5), downloadtest.Data(1<<20, 24)...)
	type served struct {
		body []byte
		by   []downloadtest.Option
	}
	tests := []struct {
		name        string
		path, saved string
		before, now served
		want        []byte // what ends in the folder
		resumes     bool
	}{
		{"same version resumes", "/photo.bin", "photo.bin", served{first, nil}, served{first, nil}, first, true},
		{"a picture resumes", "/photo.png", "photo.png", served{picture, nil}, served{picture, nil}, picture, true},
		{"changed file starts over", "/photo.bin", "photo.bin", served{first, nil}, served{changed, nil}, changed, false},
		{"server that ignores Range starts over", "/photo.bin", "photo.bin",
			served{first, nil}, served{first, []downloadtest.Option{downloadtest.IgnoreRange()}}, first, false},
		{"no validator starts over", "/photo.bin", "photo.bin",
			served{first, []downloadtest.Option{downloadtest.NoValidators()}},
			served{first, []downloadtest.Option{downloadtest.NoValidators()}}, first, false},
		{"named by the server, same version resumes", "/get", "holiday.bin",
			served{first, []downloadtest.Option{named}}, served{first, []downloadtest.Option{named}}, first, true},
		{"named by the server, changed file starts over", "/get", "holiday.bin",
			served{first, []downloadtest.Option{named}}, served{changed, []downloadtest.Option{named}}, changed, false},
		{"named by the server, changed before the resume starts over", "/get", "holiday.bin",
			served{first, []downloadtest.Option{named}},
			served{first, []downloadtest.Option{named, downloadtest.ChangeAfter(1, changed)}}, changed, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			dir := t.TempDir()
			left := leaveTemporaryFile(t, srv, dir, tc.path, tc.saved, tc.before.body, tc.before.by...)
			sentBefore, asksBefore := srv.BytesSent(), srv.Hits(tc.path)
			srv.Handle(tc.path, tc.now.body, append([]downloadtest.Option{downloadtest.Throttle(4 << 20)}, tc.now.by...)...)
			next := New(testOptions(dir))
			ids := addAll(t, next, srv.URL(tc.path))
			runAll(t, next)
			checkSavedAlone(t, next, ids[0], dir, tc.saved, sum256(tc.want))
			sent := srv.BytesSent() - sentBefore
			resumed := askedFrom(srv.Requests(tc.path)[asksBefore:], left)
			switch {
			case tc.resumes && (!resumed || sent >= int64(len(tc.want))):
				t.Errorf("sent %d bytes of %d after the restart (asked from byte %d: %v), want only the rest", sent, len(tc.want), left, resumed)
			case tc.resumes && mustItem(t, next, ids[0]).Failures != 0:
				t.Errorf("resuming the leftover counted as a failure: %+v", mustItem(t, next, ids[0]))
			case filepath.Ext(tc.saved) == ".png" && mustItem(t, next, ids[0]).Width != 32:
				t.Errorf("the resumed picture is not known as one: %+v", mustItem(t, next, ids[0]))
			}
			t.Logf("%d of %d bytes were left; %d sent after the restart", left, len(tc.want), sent)
		})
	}
}

// askedFrom says a request asked for the file from byte offset.
func askedFrom(reqs []downloadtest.Request, offset int64) bool {
	for _, r := range reqs {
		if r.Header.Get("Range") == "bytes="+strconv.FormatInt(offset, 10)+"-" {
			return true
		}
	}
	return false
}

// checkSavedAlone checks the item is saved as name, with the content whose
// sha256 is want, and that nothing else is in dir.
func checkSavedAlone(t *testing.T, m *Manager, id ID, dir, name string, want [32]byte) {
	t.Helper()
	if it := mustItem(t, m, id); it.State != Done || it.Name != name {
		t.Fatalf("%v as %q (%v), want Done as %s", it.State, it.Name, it.Err, name)
	}
	if got := fileSum(t, filepath.Join(dir, name)); got != want {
		t.Errorf("%s is not the server's file: two versions spliced, or bytes lost", name)
	}
	if files := allFiles(t, dir); len(files) != 1 {
		t.Errorf("folder holds %v, want %s alone", files, name)
	}
}

// TestTemporaryFileNotHaulsIsLeftAlone: a file where the temporary file
// would go that Haul did not leave for this link (no note, or a note for
// another link) is neither written nor removed; the download is saved
// under the next free name.
func TestTemporaryFileNotHaulsIsLeftAlone(t *testing.T) {
	body := downloadtest.Data(200<<10, 23)
	tests := []struct {
		name string
		tag  *disk.Tag
	}{
		{"no note", nil},
		{"another link's", &disk.Tag{Link: "http://example.com/photo.bin", ETag: `"x"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			srv.Handle("/photo.bin", body)
			dir := t.TempDir()
			part := filepath.Join(dir, "photo.bin.part")
			theirs := []byte("somebody else's half-written file")
			if err := os.WriteFile(part, theirs, 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.tag != nil {
				disk.TagPart(part, *tc.tag)
				if _, ok := disk.ReadTag(part); !ok {
					t.Skip("this file system keeps no extended attributes")
				}
			}
			m := New(testOptions(dir))
			ids := addAll(t, m, srv.URL("/photo.bin"))
			runAll(t, m)
			if it := mustItem(t, m, ids[0]); it.State != Done || it.Name != "photo (2).bin" || fileSum(t, it.Path) != sum256(body) {
				t.Errorf("%v as %q (%v), want Done as photo (2).bin", it.State, it.Name, it.Err)
			}
			if got, err := os.ReadFile(part); err != nil || !bytes.Equal(got, theirs) {
				t.Errorf("the file that is not Haul's was touched: %q, %v", got, err)
			}
		})
	}
}
