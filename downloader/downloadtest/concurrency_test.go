package downloadtest

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
)

func TestManyConcurrentRequests(t *testing.T) {
	const (
		files    = 30
		requests = 300
		size     = 20000
		cutAt    = 3000
	)
	s := newServer(t)
	bodies := make([][]byte, files)
	for i := range files {
		bodies[i] = Data(size, int64(i))
		var opts []Option
		switch i % 4 {
		case 1:
			opts = []Option{CutBody(cutAt, -1)}
		case 2:
			opts = []Option{NoContentLength()}
		case 3:
			opts = []Option{Throttle(10 << 20), FailFirst(2, 503, "1")}
		}
		s.Handle(fmt.Sprintf("/f%d.bin", i), bodies[i], opts...)
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: requests}}
	defer client.CloseIdleConnections()

	var received atomic.Int64
	var wg sync.WaitGroup
	for n := range requests {
		wg.Go(func() {
			i, start := n%files, rand.IntN(size)
			if n%3 == 0 {
				start = 0
			}
			got, err := get(client, s.URL(fmt.Sprintf("/f%d.bin", i)), start)
			received.Add(int64(len(got)))
			if err := checkBody(i, start, got, err, bodies[i]); err != nil {
				t.Errorf("request %d: %v", n, err)
			}
		})
	}
	wg.Wait()
	if err := s.WaitIdle(t.Context()); err != nil {
		t.Fatal(err)
	}
	hits := 0
	for i := range files {
		hits += s.Hits(fmt.Sprintf("/f%d.bin", i))
	}
	if hits != requests {
		t.Errorf("Hits add up to %d, want %d", hits, requests)
	}
	if got := s.BytesSent(); got != received.Load() {
		t.Errorf("BytesSent = %d, clients received %d", got, received.Load())
	}
	if peak := s.MaxInFlight(); peak < 1 || peak > requests {
		t.Errorf("MaxInFlight = %d, want between 1 and %d", peak, requests)
	}
}

// get fetches url from byte start on (a plain GET when start is 0).
func get(client *http.Client, url string, start int) ([]byte, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	if start > 0 {
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-", start))
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusPartialContent {
		err = fmt.Errorf("status %d", resp.StatusCode)
	}
	return body, err
}

// checkBody says what is wrong with a response for file i from start.
func checkBody(i, start int, got []byte, err error, body []byte) error {
	switch i % 4 {
	case 1:
		if start == 0 {
			if !errors.Is(err, io.ErrUnexpectedEOF) || !bytes.Equal(got, body[:3000]) {
				return fmt.Errorf("cut file: %d bytes, err %v; want the first 3000 and an unexpected EOF", len(got), err)
			}
			return nil
		}
	case 3:
		if err != nil && err.Error() == "status 503" {
			return nil
		}
	}
	if err != nil || !bytes.Equal(got, body[start:]) {
		return fmt.Errorf("file %d from %d: %d bytes, err %v; want %d bytes", i, start, len(got), err, len(body)-start)
	}
	return nil
}
