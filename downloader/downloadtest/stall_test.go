package downloadtest

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"
	"time"
)

// closeBound is how long Close may take with stuck responses in flight.
const closeBound = 2 * time.Second

func TestStallAfterHeaders(t *testing.T) {
	body := Data(5000, 3)
	tests := []struct {
		name       string
		times      int
		wantStalls int // of three requests
	}{
		{name: "once", times: 1, wantStalls: 1},
		{name: "twice", times: 2, wantStalls: 2},
		{name: "always", times: -1, wantStalls: 3},
		{name: "never", times: 0, wantStalls: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newServer(t)
			s.Handle("/f", body, StallAfterHeaders(700, tt.times))
			stalls := 0
			for range 3 {
				if stalledAt700(t, s, body) {
					stalls++
				}
			}
			if stalls != tt.wantStalls {
				t.Errorf("%d of 3 responses stalled, want %d", stalls, tt.wantStalls)
			}
		})
	}
}

// stalledAt700 fetches /f, reads the first 700 bytes, hangs up and waits
// for the server to let go of the request. It reports whether the server
// sent only those 700 bytes: a whole response would have sent them all.
func stalledAt700(t *testing.T, s *Server, body []byte) bool {
	t.Helper()
	before := s.BytesSent()
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL("/f"), nil)
	if err != nil {
		t.Fatalf("build request: %v", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET: %v", err)
	}
	defer resp.Body.Close()
	if resp.ContentLength != int64(len(body)) {
		t.Errorf("Content-Length %d, want %d", resp.ContentLength, len(body))
	}
	head := make([]byte, 700)
	if _, err := io.ReadFull(resp.Body, head); err != nil || !bytes.Equal(head, body[:700]) {
		t.Fatalf("first 700 bytes: err %v, equal %v", err, bytes.Equal(head, body[:700]))
	}
	cancel()
	if err := s.WaitIdle(t.Context()); err != nil {
		t.Fatalf("handler not released after the client hung up: %v", err)
	}
	switch sent := s.BytesSent() - before; sent {
	case 700:
		return true
	case int64(len(body)):
		return false
	default:
		t.Fatalf("server sent %d bytes, want 700 (stalled) or %d (whole)", sent, len(body))
		return false
	}
}

func TestCloseReturnsPromptlyWithStuckResponses(t *testing.T) {
	tests := []struct {
		name string
		opt  Option
	}{
		{"StallAfterHeaders", StallAfterHeaders(100, -1)},
		{"StallAfterHeaders before the body", StallAfterHeaders(0, -1)},
		{"SlowFirstByte", SlowFirstByte(time.Hour)},
		{"Latency", Latency(time.Hour)},
		{"Throttle", Throttle(1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New()
			defer s.Close()
			body := Data(1000, 4)
			s.Handle("/stuck", body, tt.opt)
			const clients = 3
			results := make(chan []byte, clients)
			for range clients {
				go func() {
					got, _ := getAll(s.URL("/stuck"))
					results <- got
				}()
			}
			if err := s.WaitInFlight(t.Context(), clients); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			s.Close()
			if elapsed := time.Since(start); elapsed > closeBound {
				t.Errorf("Close took %v with stuck responses, want under %v", elapsed, closeBound)
			}
			for range clients {
				if got := <-results; bytes.Equal(got, body) {
					t.Error("a stuck response was delivered whole")
				}
			}
			if got := s.InFlight(); got != 0 {
				t.Errorf("InFlight = %d after Close, want 0", got)
			}
		})
	}
}

// getAll fetches url and returns whatever body arrived before an error.
func getAll(url string) ([]byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

func TestCloseReleasesHandlerWaitingOnContext(t *testing.T) {
	s := New()
	defer s.Close()
	s.HandleFunc("/wait", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	failed := make(chan error, 1)
	go func() {
		_, err := getAll(s.URL("/wait"))
		failed <- err
	}()
	if err := s.WaitInFlight(t.Context(), 1); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	s.Close()
	if elapsed := time.Since(start); elapsed > closeBound {
		t.Errorf("Close took %v, want under %v", elapsed, closeBound)
	}
	if err := <-failed; err == nil {
		t.Error("the client got a response from a handler that never answered")
	}
}
