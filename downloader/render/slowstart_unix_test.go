//go:build unix

package render

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestRenderBoundsTheBrowserStart: a browser that never comes up, whether
// it never says where it listens or never answers there, is stopped after
// the page's time limit, and Render says the browser did not start in time.
// (The test lowers the least time a browser is given to start.)
func TestRenderBoundsTheBrowserStart(t *testing.T) {
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	go func() {
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			defer c.Close() // held open, never answered
		}
	}()
	tests := []struct{ name, script string }{
		{"never prints its address", "exec sleep 600\n"},
		{"never answers on it", fmt.Sprintf("echo 'DevTools listening on ws://%s/devtools/browser/x' >&2\nexec sleep 600\n", silent.Addr())},
	}
	minStartTime = 0
	t.Cleanup(func() { minStartTime = 20 * time.Second })
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("TMPDIR", t.TempDir())
			fake := filepath.Join(t.TempDir(), "fake-browser")
			if err := os.WriteFile(fake, []byte("#!/bin/sh\n"+tc.script), 0o755); err != nil {
				t.Fatal(err)
			}
			const limit = 2 * time.Second
			start := time.Now()
			_, err := Render(context.Background(), "http://127.0.0.1:1/page", Options{Browser: fake, PageTimeout: limit})
			took := time.Since(start)
			if !errors.Is(err, ErrBrowserSlow) || !errors.Is(err, ErrBrowserFailed) {
				t.Fatalf("err = %v, want the browser too slow to start", err)
			}
			if took < limit || took > limit+10*time.Second {
				t.Errorf("Render took %v with a limit of %v", took, limit)
			}
			assertNothingLeftIn(t, os.TempDir())
			t.Logf("ended after %v: %v", took.Round(time.Millisecond), err)
		})
	}
}
