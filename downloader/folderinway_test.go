package downloader

import (
	"os"
	"path/filepath"
	"testing"
)

// TestFolderNamedLikeTheFile: a folder in the output folder with the
// name a link's file wants is not a file already saved: under every
// policy the link's file takes the next free name and is saved, and the
// folder is left as it was.
func TestFolderNamedLikeTheFile(t *testing.T) {
	picture := pngOf(t, 16, 16, 3)
	for _, policy := range []ExistsPolicy{SkipExisting, KeepBoth, Overwrite} {
		t.Run(policy.String(), func(t *testing.T) {
			srv := newServer(t)
			srv.Handle("/photo.png", picture)
			dir := t.TempDir()
			inside := filepath.Join(dir, "photo.png", "kept.txt")
			if err := os.MkdirAll(filepath.Dir(inside), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(inside, []byte("mine"), 0o644); err != nil {
				t.Fatal(err)
			}
			opts := testOptions(dir)
			opts.Limits.OnExists = policy
			m := New(opts)
			ids := addAll(t, m, srv.URL("/photo.png"))
			runAll(t, m)
			it := mustItem(t, m, ids[0])
			if it.State != Done || it.Note.Kind != "" {
				t.Fatalf("%v, note %+v (%v); want Done and saved", it.State, it.Note, it.Err)
			}
			if want := filepath.Join(dir, "photo (2).png"); it.Path != want {
				t.Errorf("saved as %s, want %s", it.Path, want)
			}
			if fileSum(t, filepath.Join(dir, "photo (2).png")) != sum256(picture) {
				t.Error("photo (2).png is not the server's picture")
			}
			if got, err := os.ReadFile(inside); err != nil || string(got) != "mine" {
				t.Errorf("the folder photo.png was touched: %q %v", got, err)
			}
		})
	}
}
