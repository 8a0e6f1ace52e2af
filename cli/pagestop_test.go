package cli

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// TestStopWhileThePageIsReadEndsWithTheSummary stops haul get (as Ctrl+C
// does) while the page of -from-page is still being read: the run ends at
// once with its summary and the exit code of an interrupted run.
func TestStopWhileThePageIsReadEndsWithTheSummary(t *testing.T) {
	s := newServer(t)
	reading := make(chan struct{})
	s.HandleFunc("/gallery", func(w http.ResponseWriter, r *http.Request) {
		close(reading)
		<-r.Context().Done()
	})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	go func() {
		<-reading
		cancel()
	}()
	r := runGet(ctx, "", "-o", filepath.Join(t.TempDir(), "out"), "-state", "off", "-from-page", s.URL("/gallery"))
	if r.code != exitInterrupted {
		t.Fatalf("exit code %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, exitInterrupted, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stdout, "Saved 0 ") || !strings.Contains(r.stdout, "Stopped") {
		t.Errorf("no summary:\n%s", r.stdout)
	}
	if strings.Contains(r.stderr, "gallery") {
		t.Errorf("the stopped page is reported as unreadable:\n%s", r.stderr)
	}
}
