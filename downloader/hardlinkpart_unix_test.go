//go:build unix

package downloader

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/downloadtest"
)

// TestPartFileWithAnotherNameIsNeverWritten: a temporary file that is a
// hard link to another file (st_nlink > 1) is neither resumed, cut, nor
// saved as it is, whether it holds part of the download or all of it: the
// other name keeps its bytes, and the download is saved under another name.
func TestPartFileWithAnotherNameIsNeverWritten(t *testing.T) {
	body := downloadtest.Data(100<<10, 14)
	tests := []struct {
		name     string
		precious []byte
		owned    bool
	}{
		{"resumed from part of it", []byte("the user's own file"), true},
		{"saved whole as it is", downloadtest.Data(len(body), 15), true},
		{"written from byte 0", []byte("the user's own file"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t)
			srv.Handle("/file.bin", body)
			dir, elsewhere := t.TempDir(), t.TempDir()
			victim := filepath.Join(elsewhere, "precious.bin")
			if err := os.WriteFile(victim, tt.precious, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Link(victim, filepath.Join(dir, "file.bin.part")); err != nil {
				t.Skip("no hard links here:", err)
			}
			m := New(testOptions(dir))
			ids := m.Saved().Restore([]Record{{URL: srv.URL("/file.bin"), Dir: dir, Name: "file.bin", State: "queued",
				OwnsPart: tt.owned, ETag: `"x"`, Total: int64(len(body))}})
			runAll(t, m)
			it := mustItem(t, m, ids[0])
			if it.State != Done {
				t.Fatalf("state %v (%v), want Done", it.State, it.Err)
			}
			if got, _ := os.ReadFile(victim); !bytes.Equal(got, tt.precious) {
				t.Fatalf("the other name's bytes changed: %d bytes now", len(got))
			}
			if fileSum(t, it.Path) != sum256(body) || filepath.Base(it.Path) == "file.bin.part" {
				t.Errorf("saved as %s, not the server's file", it.Path)
			}
		})
	}
}
