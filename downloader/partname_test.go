package downloader

import (
	"fmt"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"haul/downloader/disk"
	"haul/downloader/downloadtest"
)

// TestUnremovableTempNameFailsNothing saves a batch, one at a time, where
// the temporary name of the first file cannot be removed once the file is
// saved (on Windows, another program reading it), while the others wait in
// line. Every file is saved, the others are untouched by it, and the next
// start removes the name left.
func TestUnremovableTempNameFailsNothing(t *testing.T) {
	bodies := map[string][]byte{}
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(r.URL.Path, "/")
		if name != "f0.bin" {
			<-release // the others wait until the first file is settled
		}
		w.Header().Set("Content-Length", fmt.Sprint(len(bodies[name])))
		w.Write(bodies[name])
	}))
	defer srv.Close()
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	defer free()
	var urls []string
	for i := range 4 {
		name := fmt.Sprintf("f%d.bin", i)
		bodies[name] = downloadtest.Data(smallFileMax+1000, int64(i)) // beyond the in-memory path: saved through a temporary name
		urls = append(urls, srv.URL+"/"+name)
	}
	refused := 0
	disk.RemovePartName = func(path string) error {
		if strings.HasSuffix(path, "f0.bin.part") {
			refused++
			return &fs.PathError{Op: "remove", Path: path, Err: fs.ErrPermission}
		}
		return os.Remove(path)
	}
	t.Cleanup(func() { disk.RemovePartName = os.Remove })
	dir := t.TempDir()
	opts := testOptions(dir)
	opts.Limits.Concurrency, opts.IdleTimeout = 1, time.Minute
	m := New(opts)
	ids := addAll(t, m, urls...)
	if err := m.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	first := settled(t, m, ids[0])
	if first.State != Done || refused != 1 {
		t.Fatalf("the first file is %v (%v) after %d refusals, want Done after one", first.State, first.Err, refused)
	}
	if _, sum := m.Snapshot(); sum.Failed > 0 {
		t.Fatalf("summary %+v: the refusal failed other items", sum)
	}
	free()
	if sum := m.Wait(); sum.Done != len(urls) {
		t.Fatalf("summary %+v, want every file saved", sum)
	}
	m.Stop()
	for name, body := range bodies {
		if fileSum(t, filepath.Join(dir, name)) != sum256(body) {
			t.Errorf("%s is not the server's file", name)
		}
	}
	if got := partFiles(t, dir); len(got) != 1 {
		t.Fatalf("temporary files %v, want the one name left", got)
	}
	next := New(opts)
	next.Saved().Restore(m.Saved().Records())
	if got := partFiles(t, dir); len(got) != 0 {
		t.Errorf("after the next start temporary files %v are left", got)
	}
	if fileSum(t, filepath.Join(dir, "f0.bin")) != sum256(bodies["f0.bin"]) {
		t.Error("the saved file changed when its temporary name was removed")
	}
	if summary := next.Summary(); summary.Done != len(urls) {
		t.Errorf("restored summary %+v, want every file saved", summary)
	}
}

// settled waits until the item is final and returns it.
func settled(t *testing.T, m *Manager, id ID) ItemSnapshot {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		if it := mustItem(t, m, id); it.State.Final() {
			return it
		}
		select {
		case <-m.Changes():
		case <-deadline:
			t.Fatalf("item %d did not settle", id)
		}
	}
}
