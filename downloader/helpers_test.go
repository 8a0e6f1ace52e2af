package downloader

import (
	"context"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// testOptions are fast settings for tests: short backoff and idle timeout.
func testOptions(dir string) Options {
	return Options{
		Dir:         dir,
		Limits:      Limits{Concurrency: 8, Retries: 5},
		IdleTimeout: 500 * time.Millisecond,
		BackoffBase: 5 * time.Millisecond,
		BackoffMax:  50 * time.Millisecond,
	}
}

func newServer(t *testing.T) *downloadtest.Server {
	t.Helper()
	s := downloadtest.New()
	t.Cleanup(s.Close)
	return s
}

// runAll starts the manager, waits for the batch and stops it; a batch that
// does not settle within a generous bound fails the test instead of hanging.
func runAll(t *testing.T, m *Manager) Summary {
	t.Helper()
	return runAllWithin(t, m, 60*time.Second)
}

// runAllWithin is runAll with its own bound, for large batches.
func runAllWithin(t *testing.T, m *Manager, bound time.Duration) Summary {
	t.Helper()
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	done := make(chan Summary, 1)
	go func() { done <- m.Wait() }()
	select {
	case s := <-done:
		m.Stop()
		return s
	case <-time.After(bound):
		m.Stop()
		t.Fatalf("batch did not finish: %+v", m.Summary())
	}
	return Summary{}
}

func addAll(t *testing.T, m *Manager, urls ...string) []ID {
	t.Helper()
	ids, rejected := m.Add(urls...)
	if len(rejected) > 0 {
		t.Fatalf("rejected: %+v", rejected)
	}
	return ids
}

// mustSaveAs adds link alone, runs the batch and checks the link was saved
// whole as name.
func mustSaveAs(t *testing.T, m *Manager, link, name string, body []byte) ItemSnapshot {
	t.Helper()
	id := addAll(t, m, link)[0]
	runAll(t, m)
	it := mustItem(t, m, id)
	if it.State != Done || it.Name != name {
		t.Fatalf("state %v (%v) as %q, want Done as %s", it.State, it.Err, it.Name, name)
	}
	if fileSum(t, it.Path) != sum256(body) {
		t.Error("the saved file is not the download")
	}
	return it
}

func mustItem(t *testing.T, m *Manager, id ID) ItemSnapshot {
	t.Helper()
	s, ok := m.Item(id)
	if !ok {
		t.Fatalf("no item %d", id)
	}
	return s
}

func sum256(b []byte) [32]byte { return sha256.Sum256(b) }

func fileSum(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// partFiles lists leftover .part files in dir.
func partFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".part") {
			parts = append(parts, e.Name())
		}
	}
	return parts
}

// allFiles lists every file under root, relative to it.
func allFiles(t *testing.T, root string) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// recordOf is the record the journal would keep of the item id.
func recordOf(t *testing.T, m *Manager, id ID) Record {
	t.Helper()
	link := mustItem(t, m, id).URL
	for _, r := range m.Saved().Records() {
		if r.URL == link {
			return r
		}
	}
	t.Fatalf("no record of item %d", id)
	return Record{}
}
