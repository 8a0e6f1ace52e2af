//go:build unix

package downloader

import (
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/disk"
	"haul/downloader/downloadtest"
)

// TestFileMovedIntoPlaceBeforeItsRecord: Haul stopped (kill -9, a power
// cut) after a file was moved to its final name and before the queue noted
// it saved. The next run knows the file by the note on it and counts it
// Done, without downloading it again under a numbered name; a file under
// that name that is not Haul's is left as it is.
func TestFileMovedIntoPlaceBeforeItsRecord(t *testing.T) {
	body, other := downloadtest.Data(300<<10, 41), downloadtest.Data(1000, 42)
	tests := []struct {
		name   string
		onDisk []byte
		tagged bool
		// linkedPart: the file also has its part file's name, as when Haul
		// stopped between linking the part to its final name and removing it.
		linkedPart bool
		total      int64
		wantHits   int
		// wantSaved is the name the item's file ends under.
		wantSaved string
	}{
		{"Haul's file of the announced size", body, true, false, int64(len(body)), 0, "photo.bin"},
		{"Haul's file, size not announced", body, true, false, 0, 0, "photo.bin"},
		{"Haul's file still also named as its part", body, true, true, int64(len(body)), 0, "photo.bin"},
		{"Haul's note but not the announced size", other, true, false, int64(len(body)), 1, "photo (2).bin"},
		{"another program's file", other, false, false, int64(len(body)), 1, "photo (2).bin"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			srv.Handle("/photo.bin", body)
			link := srv.URL("/photo.bin")
			dir := t.TempDir()
			onDisk := filepath.Join(dir, "photo.bin")
			leaveFile(t, onDisk, tc.onDisk, link, tc.tagged, tc.linkedPart)
			m := New(testOptions(dir))
			journal := &writesJournal{}
			m.Saved().SetJournal(journal)
			ids := m.Saved().Restore([]Record{{URL: link, Dir: dir, Name: "photo.bin", State: Active.String(), OwnsPart: true, Total: tc.total}})
			if len(ids) != 1 {
				t.Fatalf("restored %d items", len(ids))
			}
			runAll(t, m)
			if err := m.Saved().Flush(); err != nil {
				t.Fatal(err)
			}
			if last := lastRecord(journal, link); last.State != Done.String() || last.Name != tc.wantSaved {
				t.Errorf("the journal last noted %s as %q, want done as %q", last.State, last.Name, tc.wantSaved)
			}
			it := mustItem(t, m, ids[0])
			if it.State != Done || it.Name != tc.wantSaved {
				t.Fatalf("%v as %q (%v), want Done as %q", it.State, it.Name, it.Err, tc.wantSaved)
			}
			if got := fileSum(t, filepath.Join(dir, tc.wantSaved)); got != sum256(body) {
				t.Errorf("%s does not hold the file", tc.wantSaved)
			}
			if tc.wantSaved != "photo.bin" && fileSum(t, onDisk) != sum256(tc.onDisk) {
				t.Error("the file that is not Haul's was changed")
			}
			if hits := srv.Hits("/photo.bin"); hits != tc.wantHits {
				t.Errorf("the server was asked %d times, want %d", hits, tc.wantHits)
			}
			if files := allFiles(t, dir); tc.linkedPart && len(files) != 1 {
				t.Errorf("folder holds %v, want photo.bin alone", files)
			}
		})
	}
}

// lastRecord is the last record the journal was given for link.
func lastRecord(j *writesJournal, link string) Record {
	var last Record
	for _, w := range j.writes {
		for _, r := range w {
			if r.URL == link {
				last = r
			}
		}
	}
	return last
}

// leaveFile writes data at path, as a stopped run or another program left
// it: with the note of link when tagged, and also named as its part file
// when linkedPart. It skips the test where files carry no notes.
func leaveFile(t *testing.T, path string, data []byte, link string, tagged, linkedPart bool) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if tagged {
		disk.TagPart(path, disk.Tag{Link: link})
		if _, ok := disk.ReadTag(path); !ok {
			t.Skip("this file system keeps no extended attributes")
		}
	}
	if linkedPart {
		if err := os.Link(path, path+".part"); err != nil {
			t.Fatal(err)
		}
	}
}
