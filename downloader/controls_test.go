package downloader

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"haul/downloader/disk"
	"haul/downloader/downloadtest"
	"haul/downloader/network"
)

// waitFor polls a condition the engine exposes no event for, with a bound.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func stateOf(m *Manager, id ID) State {
	s, _ := m.Item(id)
	return s.State
}

// slowDownload starts a manager on one throttled 400 KiB file and waits
// until more than minBytes of it are on disk.
type slowDownload struct {
	body []byte
	srv  *downloadtest.Server
	dir  string
	m    *Manager
	id   ID
}

func startSlowDownload(t *testing.T, seed int64, minBytes int64) slowDownload {
	t.Helper()
	d := slowDownload{body: downloadtest.Data(400<<10, seed), srv: newServer(t), dir: t.TempDir()}
	d.srv.Handle("/big.bin", d.body, downloadtest.Throttle(400<<10))
	d.m = New(testOptions(d.dir))
	d.id = addAll(t, d.m, d.srv.URL("/big.bin"))[0]
	if err := d.m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(d.m.Stop)
	waitFor(t, "some bytes", func() bool { s, _ := d.m.Item(d.id); return s.Bytes > minBytes })
	return d
}

func TestPauseResumeKeepsPartAndResumes(t *testing.T) {
	d := startSlowDownload(t, 8, 40<<10)
	body, srv, dir, m, id := d.body, d.srv, d.dir, d.m, d.id
	if !m.Controls().Pause(id) {
		t.Fatal("pause refused")
	}
	waitFor(t, "paused", func() bool { return stateOf(m, id) == Paused })
	parts := partFiles(t, dir)
	if len(parts) != 1 {
		t.Fatalf("part files after pause: %v", parts)
	}
	if s := m.Wait(); s.Paused != 1 || s.Total != 1 {
		t.Errorf("summary while paused: %+v", s)
	}
	if !m.Controls().Resume(id) {
		t.Fatal("resume refused")
	}
	if s := m.Wait(); s.Done != 1 {
		t.Fatalf("summary %+v", s)
	}
	if fileSum(t, filepath.Join(dir, "big.bin")) != sum256(body) {
		t.Error("resumed file differs")
	}
	reqs := srv.Requests("/big.bin")
	if len(reqs) != 2 || !strings.HasPrefix(reqs[1].Header.Get("Range"), "bytes=") {
		t.Errorf("resume did not continue the part file: %d requests", len(reqs))
	}
}

// TestCancelPausedRemovesPartAndRetryStartsAgain cancels a paused item:
// its partial file is removed, it has no bytes, and a Retry asks for the
// file from byte 0.
func TestCancelPausedRemovesPartAndRetryStartsAgain(t *testing.T) {
	d := startSlowDownload(t, 10, 40<<10)
	body, srv, dir, m, id := d.body, d.srv, d.dir, d.m, d.id
	m.Controls().Pause(id)
	m.Wait()
	if parts := partFiles(t, dir); len(parts) != 1 {
		t.Fatalf("part files after pause: %v", parts)
	}
	if !m.Controls().Cancel(id) {
		t.Fatal("cancel refused")
	}
	if it := mustItem(t, m, id); it.State != Canceled || it.Bytes != 0 {
		t.Errorf("after cancel the item is %v with %d bytes", it.State, it.Bytes)
	}
	if files := allFiles(t, dir); len(files) != 0 {
		t.Errorf("cancel left %v", files)
	}
	if !m.Controls().Retry(id) {
		t.Fatal("retry refused")
	}
	if s := m.Wait(); s.Done != 1 {
		t.Fatalf("summary after retry %+v", s)
	}
	if fileSum(t, filepath.Join(dir, "big.bin")) != sum256(body) {
		t.Error("file differs")
	}
	if reqs := srv.Requests("/big.bin"); len(reqs) != 2 || reqs[1].Header.Get("Range") != "" {
		t.Errorf("%d requests, the retry asking for %q; want 2, the retry from byte 0", len(reqs), reqs[len(reqs)-1].Header.Get("Range"))
	}
}

func TestCancelRemovesPartAndRetryStartsAgain(t *testing.T) {
	d := startSlowDownload(t, 9, 0)
	body, dir, m, id := d.body, d.dir, d.m, d.id
	m.Controls().Cancel(id)
	if s := m.Wait(); s.Canceled != 1 {
		t.Fatalf("summary %+v", s)
	}
	if files := allFiles(t, dir); len(files) != 0 {
		t.Errorf("cancel left %v", files)
	}
	if !m.Controls().Retry(id) {
		t.Fatal("retry refused")
	}
	if s := m.Wait(); s.Done != 1 {
		t.Fatalf("summary after retry %+v", s)
	}
	if fileSum(t, filepath.Join(dir, "big.bin")) != sum256(body) {
		t.Error("file differs")
	}
}

func TestRetryFailedAfterFix(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/gone.jpg", nil, downloadtest.Status(404))
	dir := t.TempDir()
	m := New(testOptions(dir))
	id := addAll(t, m, srv.URL("/gone.jpg"))[0]
	if s := runAll(t, m); s.Failed != 1 {
		t.Fatalf("summary %+v", s)
	}
	body := downloadtest.Picture(1000, 10)
	srv.Handle("/gone.jpg", body)
	if n := m.Controls().RetryFailed(); n != 1 {
		t.Fatalf("retried %d", n)
	}
	if s := runAll(t, m); s.Done != 1 || s.Failed != 0 {
		t.Fatalf("summary %+v", s)
	}
	if it := mustItem(t, m, id); it.Err != nil || fileSum(t, it.Path) != sum256(body) {
		t.Errorf("after retry: %+v", it)
	}
}

// TestConcurrencyLimits checks that no more requests are in flight than
// allowed, for the global and the per-site limit, bodies included.
func TestConcurrencyLimits(t *testing.T) {
	tests := []struct{ concurrency, perHost, want int }{
		{4, 0, 4},
		{8, 2, 2},
		{1, 0, 1},
	}
	for _, tc := range tests {
		srv := newServer(t)
		var urls []string
		for i := range 12 {
			p := "/f" + string(rune('a'+i)) + ".bin"
			srv.Handle(p, downloadtest.Data(32<<10, int64(i)), downloadtest.Throttle(1<<20))
			urls = append(urls, srv.URL(p))
		}
		o := testOptions(t.TempDir())
		o.Concurrency, o.PerHost = tc.concurrency, tc.perHost
		counter := &countingTransport{base: network.NewClient(o.withDefaults().network(), nil, nil).Transport}
		o.Client = &http.Client{Transport: counter, CheckRedirect: network.CheckRedirect}
		m := New(o)
		addAll(t, m, urls...)
		if s := runAll(t, m); s.Done != 12 {
			t.Fatalf("summary %+v", s)
		}
		if got := counter.peak(); got != tc.want {
			t.Errorf("concurrency %d per-host %d: max in flight %d, want %d", tc.concurrency, tc.perHost, got, tc.want)
		}
	}
}

// countingTransport counts requests in flight from sending to closing the body.
type countingTransport struct {
	base http.RoundTripper
	mu   sync.Mutex
	now  int
	max  int
}

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.mu.Lock()
	c.now++
	c.max = max(c.max, c.now)
	c.mu.Unlock()
	resp, err := c.base.RoundTrip(r)
	if err != nil {
		c.done()
		return nil, err
	}
	resp.Body = &countedBody{ReadCloser: resp.Body, done: c.done}
	return resp, nil
}

func (c *countingTransport) done() {
	c.mu.Lock()
	c.now--
	c.mu.Unlock()
}

func (c *countingTransport) peak() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.max
}

type countedBody struct {
	io.ReadCloser
	once sync.Once
	done func()
}

func (b *countedBody) Close() error {
	b.once.Do(b.done)
	return b.ReadCloser.Close()
}

func TestSetLimitsWhileRunning(t *testing.T) {
	srv := newServer(t)
	var urls []string
	for i := range 40 {
		p := "/g" + string(rune('A'+i)) + ".bin"
		srv.Handle(p, downloadtest.Data(32<<10, int64(i)), downloadtest.Throttle(512<<10))
		urls = append(urls, srv.URL(p))
	}
	o := testOptions(t.TempDir())
	o.Concurrency = 1
	m := New(o)
	addAll(t, m, urls...)
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Stop()
	l := m.Limits()
	l.Concurrency = 6
	m.SetLimits(l)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.WaitInFlight(ctx, 6); err != nil {
		t.Fatalf("raising the limit did not start more downloads: %v", err)
	}
	if s := m.Wait(); s.Done != 40 {
		t.Fatalf("summary %+v", s)
	}
	if srv.MaxInFlight() > 6 {
		t.Errorf("max in flight %d > 6", srv.MaxInFlight())
	}
}

// failingPart accepts limit bytes, then reports the disk full.
type failingPart struct{ limit, n int }

func (f *failingPart) Write(p []byte) (int, error) {
	if f.n+len(p) > f.limit {
		return 0, syscall.ENOSPC
	}
	f.n += len(p)
	return len(p), nil
}
func (f *failingPart) Sync() error  { return nil }
func (f *failingPart) Close() error { return nil }

func TestDiskFullFailsWithReasonAndStopsStarting(t *testing.T) {
	srv := newServer(t)
	var urls []string
	for i := range 10 {
		p := "/d" + string(rune('a'+i)) + ".bin"
		srv.Handle(p, downloadtest.Data(300<<10, int64(i)))
		urls = append(urls, srv.URL(p))
	}
	dir := t.TempDir()
	o := testOptions(dir)
	o.Concurrency = 1
	m := New(o)
	m.disk.OpenPart = func(string, int64, bool) (disk.PartFile, error) { return &failingPart{limit: 100 << 10}, nil }
	addAll(t, m, urls...)
	s := runAll(t, m)
	if s.Failed != 10 || s.Total != 10 {
		t.Fatalf("summary %+v", s)
	}
	items, _ := m.Snapshot()
	for _, it := range items {
		if it.Err == nil || it.Err.Kind != ErrDisk || it.Err.Reason != ReasonDiskFull {
			t.Errorf("%s: %#v", it.URL, it.Err)
		}
	}
	if hits := srv.Hits("/dj.bin"); hits != 0 {
		t.Errorf("kept starting downloads after the disk filled: %d", hits)
	}
	if files := allFiles(t, dir); len(files) != 0 {
		t.Errorf("files under final names: %v", files)
	}
}

// TestStopMidBatchLeavesNothingRunning cancels a 256-item batch mid-way and
// checks that every goroutine and connection is gone and items can resume.
func TestStopMidBatchLeavesNothingRunning(t *testing.T) {
	srv := newServer(t)
	var urls []string
	for i := range 256 {
		p := "/s/" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + ".bin"
		var opts []downloadtest.Option
		if i < 16 {
			opts = append(opts, downloadtest.Throttle(256<<10))
		}
		srv.Handle(p, downloadtest.Data(64<<10, int64(i)), opts...)
		urls = append(urls, srv.URL(p))
	}
	before := runtime.NumGoroutine()
	dir := t.TempDir()
	m := New(testOptions(dir))
	addAll(t, m, urls...)
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.WaitInFlight(ctx, 8); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	m.Stop()
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Stop took %v", d)
	}
	s := m.Wait()
	if s.Active != 0 || s.Total != 256 || s.Finished()+s.Left() != 256 {
		t.Errorf("summary after stop %+v", s)
	}
	if err := srv.WaitIdle(ctx); err != nil {
		t.Errorf("connections still open: %v", err)
	}
	waitFor(t, "goroutines to exit", func() bool { return runtime.NumGoroutine() <= before+2 })
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if s := m.Wait(); s.Done != 256 {
		t.Fatalf("after restart %+v", s)
	}
	m.Stop()
	if parts := partFiles(t, dir); len(parts) != 0 {
		t.Errorf("parts left: %v", parts)
	}
}

func TestStopByContext(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/slow.bin", downloadtest.Data(1<<20, 1), downloadtest.Throttle(64<<10))
	m := New(testOptions(t.TempDir()))
	id := addAll(t, m, srv.URL("/slow.bin"))[0]
	ctx, cancel := context.WithCancel(context.Background())
	if err := m.Start(ctx); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "active", func() bool { return stateOf(m, id) == Active })
	cancel()
	s := m.Wait()
	if s.Running || s.Queued != 1 {
		t.Errorf("summary after ctx cancel %+v", s)
	}
}

func TestStartFailsOnUnusableFolder(t *testing.T) {
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	m := New(testOptions(filepath.Join(file, "sub")))
	err := m.Start(context.Background())
	if err == nil || !errors.Is(err, syscall.ENOTDIR) || !strings.Contains(err.Error(), "cannot use the folder") {
		t.Fatalf("err = %v", err)
	}
}

// TestCompletePartIsSavedWithoutAsking: a part file that already holds the
// whole file (stopped between the last byte and the move into place) is
// saved without another request.
func TestCompletePartIsSavedWithoutAsking(t *testing.T) {
	body := downloadtest.Data(5000, 11)
	srv := newServer(t)
	srv.Handle("/whole.bin", body)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "whole.bin.part"), body, 0o644); err != nil {
		t.Fatal(err)
	}
	m := New(testOptions(dir))
	m.Saved().Restore([]Record{{URL: srv.URL("/whole.bin"), Dir: dir, Name: "whole.bin", State: "active", OwnsPart: true, ETag: `"x"`, Total: 5000}})
	if s := runAll(t, m); s.Done != 1 {
		t.Fatalf("summary %+v", s)
	}
	if hits := srv.Hits("/whole.bin"); hits != 0 {
		t.Errorf("asked the server %d times", hits)
	}
	if fileSum(t, filepath.Join(dir, "whole.bin")) != sum256(body) {
		t.Error("file differs")
	}
}
