package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"golang.org/x/sync/errgroup"
)

// floor returns the workload's floor and whether it was measured. Workloads
// without an analytic floor are timed with a bare client: keep-alive
// connections, the workload's concurrency, bodies read into io.Discard (no
// disk), every file fetched once from its fault-free copy on this server.
func (b *bench) floor(ctx context.Context) (time.Duration, bool, error) {
	if b.w.floor > 0 {
		return b.w.floor, false, nil
	}
	d, err := b.bareFetch(ctx)
	return d, true, err
}

// bareFetch times fetching every clean copy once with the workload's
// concurrency.
func (b *bench) bareFetch(ctx context.Context) (time.Duration, error) {
	tr := &http.Transport{MaxIdleConnsPerHost: b.w.concurrency, DisableCompression: true}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	next := make(chan int)
	g, ctx := errgroup.WithContext(ctx)
	start := time.Now()
	g.Go(func() error {
		defer close(next)
		for i := range b.w.files {
			select {
			case next <- i:
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		return nil
	})
	for range b.w.concurrency {
		g.Go(func() error {
			buf := make([]byte, readBufferSize)
			for i := range next {
				if err := drain(ctx, client, b.srv.URL(b.w.cleanPath(i)), buf); err != nil {
					return err
				}
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return 0, fmt.Errorf("measure the floor of workload %d: %w", b.w.id, err)
	}
	return time.Since(start), nil
}

// readBufferSize is the bare client's read size: large, so reading costs
// few system calls.
const readBufferSize = 256 << 10

// drain fetches url and discards the body, reading it through buf.
func drain(ctx context.Context, client *http.Client, url string, buf []byte) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("request %s: %w", url, err)
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("get %s: %w", url, err)
	}
	defer resp.Body.Close()
	for {
		_, err := resp.Body.Read(buf)
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("read %s: %w", url, err)
		}
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("get %s: status %s", url, resp.Status)
	}
	return nil
}
