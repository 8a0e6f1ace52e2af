package downloader

import (
	"context"
	"net/http"
	"sync/atomic"
	"testing"
	"testing/synctest"
)

// idleCounter is a transport that counts how often it is asked to close
// its idle connections, which every stop of a run does once.
type idleCounter struct{ closed atomic.Int32 }

func (c *idleCounter) RoundTrip(*http.Request) (*http.Response, error) {
	return nil, http.ErrNotSupported
}
func (c *idleCounter) CloseIdleConnections() { c.closed.Add(1) }

// TestRunStopsOnce stops a run with Stop, and another by ending its
// context: each is stopped once (its connections closed, its changes
// flushed), not once more when the end of its context is noticed.
func TestRunStopsOnce(t *testing.T) {
	tests := []struct {
		name  string
		stop  func(m *Manager, cancel context.CancelFunc)
		stops int32
	}{
		{"Stop", func(m *Manager, _ context.CancelFunc) { m.Stop() }, 1},
		{"context ends", func(_ *Manager, cancel context.CancelFunc) { cancel() }, 1},
		{"context ends, then Stop", func(m *Manager, cancel context.CancelFunc) {
			cancel()
			synctest.Wait()
			m.Stop() // a second stop of its own
		}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				idle := &idleCounter{}
				opts := testOptions(t.TempDir())
				opts.Client = &http.Client{Transport: idle}
				m := New(opts)
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				if err := m.Start(ctx); err != nil {
					t.Fatal(err)
				}
				tt.stop(m, cancel)
				synctest.Wait()
				if n := idle.closed.Load(); n != tt.stops {
					t.Errorf("the run was stopped %d times, want %d", n, tt.stops)
				}
			})
		})
	}
}
