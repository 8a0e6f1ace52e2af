package downloader

import (
	"context"
	"testing"
	"time"

	"haul/downloader/downloadtest"
	"haul/downloader/transfer"
)

// startWith starts m on links and waits until some item has bytes.
func startWith(t *testing.T, m *Manager, links ...string) []ID {
	t.Helper()
	ids := addAll(t, m, links...)
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.Stop)
	waitFor(t, "the first bytes", func() bool { return m.Summary().Bytes > 0 })
	return ids
}

// waitDone waits for the batch to end within limit, far less than the
// limits set before would take; it returns the summary.
func waitDone(t *testing.T, m *Manager, limit time.Duration) Summary {
	t.Helper()
	done := make(chan Summary, 1)
	go func() { done <- m.Wait() }()
	select {
	case s := <-done:
		return s
	case <-time.After(limit):
		t.Fatalf("not finished %v after the limit was raised: %+v", limit, m.Summary())
	}
	return Summary{}
}

// TestRaisingTheByteLimitIsFeltAtOnce: at 256 bytes a second, once the
// first burst is spent, a download waits 16 s for each 4 KiB; raising the
// limit wakes that wait.
func TestRaisingTheByteLimitIsFeltAtOnce(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(1<<20, 21)
	srv.Handle("/slow.bin", body)
	o := testOptions(t.TempDir())
	o.BytesPerSec = 256
	m := New(o)
	ids := startWith(t, m, srv.URL("/slow.bin"))
	waitFor(t, "a wait for the next bytes", func() bool { return mustItem(t, m, ids[0]).Bytes > transfer.CopyBufferSize })
	l := m.Limits()
	l.BytesPerSec = 0
	m.SetLimits(l)
	if s := waitDone(t, m, 10*time.Second); s.Done != 1 {
		t.Fatalf("summary %+v", s)
	}
	if fileSum(t, mustItem(t, m, ids[0]).Path) != sum256(body) {
		t.Error("saved bytes differ")
	}
}

// TestChangingTheByteLimitMidDownloadNeverFails lowers and raises the
// limit while a file downloads: the download neither fails a try nor stalls.
func TestChangingTheByteLimitMidDownloadNeverFails(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(4<<20, 22)
	srv.Handle("/big.bin", body, downloadtest.Throttle(2<<20))
	o := testOptions(t.TempDir())
	o.BytesPerSec = 8 << 20
	o.ConnectionsPerFile = 1 // one answer, whose reads the limit paces
	m := New(o)
	ids := startWith(t, m, srv.URL("/big.bin"))
	for _, bps := range []int64{16 << 10, 1 << 20, 4 << 10, 0} {
		l := m.Limits()
		l.BytesPerSec = bps
		m.SetLimits(l)
		before := mustItem(t, m, ids[0]).Bytes
		if bps > 0 {
			waitFor(t, "bytes at the new limit", func() bool { return mustItem(t, m, ids[0]).Bytes > before })
		}
	}
	if s := waitDone(t, m, 30*time.Second); s.Done != 1 {
		t.Fatalf("summary %+v", s)
	}
	it := mustItem(t, m, ids[0])
	if it.Failures != 0 || srv.Hits("/big.bin") != 1 {
		t.Errorf("%d failed tries, %d requests; changing the limit must not break the download", it.Failures, srv.Hits("/big.bin"))
	}
	if fileSum(t, it.Path) != sum256(body) {
		t.Error("saved bytes differ")
	}
}

// TestRaisingTheRequestLimitIsFeltAtOnce: at one request every 100 s the
// second file would wait; raising the limit starts it at once.
func TestRaisingTheRequestLimitIsFeltAtOnce(t *testing.T) {
	srv := newServer(t)
	srv.Handle("/a.bin", downloadtest.Data(64<<10, 23), downloadtest.Throttle(256<<10))
	srv.Handle("/b.bin", downloadtest.Data(1000, 24))
	srv.Handle("/c.bin", downloadtest.Data(1000, 25))
	o := testOptions(t.TempDir())
	o.RequestsPerSec = 0.01
	m := New(o)
	startWith(t, m, srv.URL("/a.bin"), srv.URL("/b.bin"), srv.URL("/c.bin"))
	l := m.Limits()
	l.RequestsPerSec = 100
	m.SetLimits(l)
	if s := waitDone(t, m, 10*time.Second); s.Done != 3 {
		t.Fatalf("summary %+v", s)
	}
}
