package cli

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

func TestInterruptThenRunAgain(t *testing.T) {
	const (
		files = 1000
		size  = 16 << 10
	)
	s := newServer(t)
	bodies, list := batch(t, s, files, size, func(int) []downloadtest.Option {
		return []downloadtest.Option{downloadtest.Throttle(64 << 10)}
	})
	dir := t.TempDir()
	out, report := filepath.Join(dir, "out"), filepath.Join(dir, "report.csv")
	args := []string{"-o", out, "-c", "64", "-report", report, list}

	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	first := make(chan result, 1)
	go func() { first <- runGet(ctx, "", args...) }()
	waitForFiles(t, out, 100)
	cancel()
	canceled := time.Now()
	var r result
	select {
	case r = <-first:
	case <-time.After(10 * time.Second):
		t.Fatal("Get did not return within 10 s of the cancel")
	}
	if took := time.Since(canceled); took > 2*time.Second {
		t.Errorf("Get took %s to stop, want at most 2 s", took)
	}
	if r.code != exitInterrupted || !strings.HasSuffix(r.stdout, "\n"+stoppedMessage()+"\n") {
		t.Fatalf("first run: exit %d, want 130; stdout:\n%s", r.code, r.stdout)
	}
	savedFirst := savedFiles(t, out)
	t.Logf("first run:\n%s", r.stdout)

	r = runGet(t.Context(), "", args...)
	t.Logf("second run:\n%s", r.stdout)
	if r.code != exitOK {
		t.Fatalf("second run: exit %d, want 0; stdout:\n%s", r.code, r.stdout)
	}
	for _, name := range savedFirst {
		checkFile(t, filepath.Join(out, name), bodies[name])
		if hits := s.Hits("/" + name); hits > 2 {
			t.Errorf("%s was saved by the first run but requested %d times", name, hits)
		}
	}
	checkReport(t, report, files, bodies)
	if parts := partFiles(t, out); len(parts) > 0 {
		t.Errorf("partial files left after the second run: %v", parts)
	}
	if sent, limit := s.BytesSent(), int64(files*size)*13/10; sent > limit {
		t.Errorf("the server sent %d bytes for a %d-byte batch, more than 1.3 times", sent, files*size)
	}
	if !strings.Contains(r.stdout, " · skipped "+strconv.Itoa(len(savedFirst))+" · failed 0 · ") {
		t.Errorf("second run does not report the %d files of the first run as skipped:\n%s", len(savedFirst), r.stdout)
	}
}

// waitForFiles waits until dir holds at least n complete files.
func waitForFiles(t *testing.T, dir string, n int) {
	t.Helper()
	waitUntil(t, fmt.Sprintf("%s never held %d files", dir, n), func() bool {
		_, err := os.Stat(dir)
		return err == nil && len(savedFiles(t, dir)) >= n
	})
}

// waitUntil polls done until it holds, failing with failure after 20 s.
func waitUntil(t *testing.T, failure string, done func() bool) {
	t.Helper()
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(20 * time.Second)
	for !done() {
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatal(failure)
		}
	}
}

// checkReport asserts that the report lists every link once, each done or
// skipped, with a file identical to the server's.
func checkReport(t *testing.T, path string, links int, bodies map[string][]byte) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("report: %v", err)
	}
	if len(rows) != links+1 {
		t.Fatalf("report has %d rows, want %d and a header", len(rows)-1, links)
	}
	for _, row := range rows[1:] {
		link, state, file := row[0], row[1], row[2]
		if state != "saved" && state != "skipped" {
			t.Errorf("%s ended %s", link, state)
			continue
		}
		checkFile(t, file, bodies[link[strings.LastIndex(link, "/")+1:]])
	}
}
