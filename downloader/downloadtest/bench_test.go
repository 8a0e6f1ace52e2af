package downloadtest

import (
	"fmt"
	"io"
	"net/http"
	"testing"
)

func BenchmarkServeSmallFile(b *testing.B) {
	s := New()
	defer s.Close()
	s.Handle("/small.jpg", Data(4096, 1))
	url := s.URL("/small.jpg")
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	defer client.CloseIdleConnections()
	b.SetBytes(4096)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := drain(client, url); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func BenchmarkServeLargeFile(b *testing.B) {
	s := New()
	defer s.Close()
	s.Handle("/large.bin", Data(64<<20, 1))
	url := s.URL("/large.bin")
	b.SetBytes(64 << 20)
	for b.Loop() {
		if err := drain(http.DefaultClient, url); err != nil {
			b.Fatal(err)
		}
	}
}

// drain fetches url and discards the body.
func drain(client *http.Client, url string) error {
	resp, err := client.Get(url)
	if err != nil {
		return fmt.Errorf("get %s: %w", url, err)
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		return fmt.Errorf("read %s: %w", url, err)
	}
	return nil
}
