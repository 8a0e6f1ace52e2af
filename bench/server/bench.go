package main

import (
	"bytes"
	"net/http"
	"sync"
	"time"

	"haul/downloader/downloadtest"
)

// bench serves one workload and counts what the tool under test asked for
// since the last reset.
type bench struct {
	w      workload
	srv    *downloadtest.Server
	bodies [][]byte

	mu        sync.Mutex
	gate      *strictGate
	peak      *peakSampler
	baseBytes int64
	baseHits  int
}

// stats are the server's counters for one run.
type stats struct {
	Requests int   // requests for the workload's files
	Bytes    int64 // body bytes sent, error pages included
	Peak     int   // most requests in flight at once (sampled every millisecond)
	Refused  int64 // refusals of a gated host
}

// peakSampleEvery is how often the number of requests in flight is read.
const peakSampleEvery = time.Millisecond

// newBench generates the workload's files and serves them on 127.0.0.1,
// with faults under /wN/ and without them under /clean/wN/.
func newBench(w workload) *bench {
	b := &bench{w: w, srv: downloadtest.New(), bodies: make([][]byte, w.files)}
	for i := range w.files {
		b.bodies[i] = downloadtest.Data(w.size, w.seed(i))
		b.srv.Handle(w.cleanPath(i), b.bodies[i])
	}
	b.reset()
	return b
}

// close stops the sampler and the server.
func (b *bench) close() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.peak.stop()
	b.srv.Close()
}

// reset serves every file afresh (fault counters back to zero) and starts
// counting a new run.
func (b *bench) reset() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.w.gate != nil {
		b.gate = newGate(*b.w.gate)
	}
	for i := range b.w.files {
		b.register(i)
	}
	b.baseBytes = b.srv.BytesSent()
	b.baseHits = b.hits()
	if b.peak != nil {
		b.peak.stop()
	}
	b.peak = startPeakSampler(b.srv.InFlight, peakSampleEvery)
}

// register serves file i at its workload path with the workload's faults.
func (b *bench) register(i int) {
	path, body := b.w.path(i), b.bodies[i]
	if b.gate != nil {
		b.srv.HandleFunc(path, b.gate.wrap(b.w.latency, serveBody(b.w.fileName(i), body)))
		return
	}
	var opts []downloadtest.Option
	if b.w.latency > 0 {
		opts = append(opts, downloadtest.Latency(b.w.latency))
	}
	if b.w.faults != nil {
		opts = append(opts, b.w.faults(i)...)
	}
	b.srv.Handle(path, body, opts...)
}

// stats returns the counters since the last reset.
func (b *bench) stats() stats {
	b.mu.Lock()
	defer b.mu.Unlock()
	st := stats{
		Requests: b.hits() - b.baseHits,
		Bytes:    b.srv.BytesSent() - b.baseBytes,
		Peak:     b.peak.max(),
	}
	if b.gate != nil {
		st.Refused = b.gate.Refused()
	}
	return st
}

// hits sums the requests for the workload paths.
func (b *bench) hits() int {
	n := 0
	for i := range b.w.files {
		n += b.srv.Hits(b.w.path(i))
	}
	return n
}

// serveBody serves body like a static file host, with a strong ETag and
// byte ranges.
func serveBody(name string, body []byte) http.Handler {
	etag := `"` + name + `"`
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", etag)
		w.Header().Set("Content-Type", "application/octet-stream")
		http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
	})
}
