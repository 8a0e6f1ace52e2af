package transfer

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"testing/iotest"
	"time"

	"haul/downloader/ranges"
)

// countingSlots has no slot to give, and counts the refusals reported.
type countingSlots struct{ refused int }

func (*countingSlots) TryAcquire() bool { return false }
func (*countingSlots) Release()         {}
func (s *countingSlots) Refused()       { s.refused++ }

// doerFunc answers every request with its function.
type doerFunc func(*http.Request) (*http.Response, error)

func (f doerFunc) Do(r *http.Request) (*http.Response, error) { return f(r) }

// memFile is a file in memory written in parts.
type memFile struct {
	mu sync.Mutex
	b  []byte
}

func (f *memFile) WriteAt(p []byte, at int64) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return copy(f.b[at:], p), nil
}
func (f *memFile) Write(p []byte) (int, error) { return len(p), nil }
func (f *memFile) Sync() error                 { return nil }
func (f *memFile) Close() error                { return nil }

// testMiB is the size of a span in the tests of a split run.
const testMiB = 1 << 20

// newTestSplit is a split run of a file of eight MiB whose span requests
// client answers.
func newTestSplit(t *testing.T, client Doer) (*splitRun, *countingSlots) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, "http://127.0.0.1/file.bin", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	tr := &try{ctx: ctx, tctx: ctx, job: Job{Request: req},
		env: Env{Client: client, Limits: noLimits{}, IdleTimeout: time.Minute, Progress: func(int) {}}}
	slots := &countingSlots{}
	holes := ranges.Holes{{Start: 0, End: 8 * testMiB}}
	file := &memFile{b: make([]byte, 8*testMiB)}
	plan := Plan{File: file, Split: &Split{Connections: 4, Holes: holes, Tracker: ranges.NewTracker(holes), Slots: slots}}
	answer := Answer{Total: 8 * testMiB, Resp: &http.Response{Header: http.Header{"Etag": {`"v1"`}}}}
	return newSplitRun(tr, plan, answer, file), slots
}

// answerStatus answers every request with code.
func answerStatus(code int) func(*splitRun, *http.Request) (*http.Response, error) {
	return func(_ *splitRun, r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: code, Header: http.Header{}, Body: io.NopCloser(strings.NewReader("busy")), Request: r}, nil
	}
}

// answerError fails every request with err, on a connection that had
// carried an answer before when reused.
func answerError(reused bool, err error) func(*splitRun, *http.Request) (*http.Response, error) {
	return func(_ *splitRun, r *http.Request) (*http.Response, error) {
		if trace := httptrace.ContextClientTrace(r.Context()); trace != nil {
			trace.GetConn(r.URL.Host)
			trace.GotConn(httptrace.GotConnInfo{Reused: reused})
		}
		return nil, &url.Error{Op: "Get", URL: r.URL.String(), Err: err}
	}
}

// TestSplitLearnsTheSitesLimitOnlyFromItsRefusals: a new connection the
// site refuses (a 503, a 429, a refused or reset connection) teaches the
// site's limit; a request Haul itself ended, one lost on a connection the
// site may have closed as idle, and a next span asked for by a connection
// the site already served teach nothing. Every span is given back.
func TestSplitLearnsTheSitesLimitOnlyFromItsRefusals(t *testing.T) {
	tests := []struct {
		name         string
		servedBefore bool // the connection fetched a span before it asks
		answer       func(*splitRun, *http.Request) (*http.Response, error)
		wantLearned  int
		wantRefused  bool // the run counts the connection refused
	}{
		{"503 to a new connection", false, answerStatus(http.StatusServiceUnavailable), 1, true},
		{"429 to a new connection", false, answerStatus(http.StatusTooManyRequests), 1, true},
		{"new connection refused", false, answerError(false, syscall.ECONNREFUSED), 1, true},
		{"new connection reset", false, answerError(false, syscall.ECONNRESET), 1, true},
		{"reused connection reset", false, answerError(true, syscall.ECONNRESET), 0, true},
		{"reused connection closed before the answer", false, answerError(true, io.EOF), 0, true},
		{"ended by Haul", false, func(s *splitRun, r *http.Request) (*http.Response, error) {
			s.cancel(errors.New("the file starts over"))
			return nil, &url.Error{Op: "Get", URL: r.URL.String(), Err: context.Canceled}
		}, 0, false},
		{"503 to a connection asking again", true, answerStatus(http.StatusServiceUnavailable), 0, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s *splitRun
			s, slots := newTestSplit(t, doerFunc(func(r *http.Request) (*http.Response, error) { return tt.answer(s, r) }))
			c := &splitConn{extra: true}
			s.pending = ranges.Holes{{Start: 4 * testMiB, End: 8 * testMiB}}
			var body io.Reader
			closeBody := func() {}
			if tt.servedBefore {
				c.pos, c.end = 2*testMiB, 4*testMiB
				body = bytes.NewReader(make([]byte, 2*testMiB))
			} else if !s.assign(c) {
				t.Fatal("no span to fetch")
			}
			go s.serve(c, body, closeBody, s.ctx)
			st := splitState{active: 2}
			ev := <-s.events
			s.handle(ev, &st)
			if slots.refused != tt.wantLearned {
				t.Errorf("the site's limit was lowered %d times, want %d", slots.refused, tt.wantLearned)
			}
			if ev.refused != tt.wantRefused {
				t.Errorf("refused %v, want %v", ev.refused, tt.wantRefused)
			}
			if want := (ranges.Holes{{Start: 4 * testMiB, End: 8 * testMiB}}); !slices.Equal(s.pending, want) {
				t.Errorf("spans left to fetch %v, want %v", s.pending, want)
			}
		})
	}
}

// TestSplitGivesARefusedSpanBackToItsConnection: what is left of a span
// taken from a connection goes back to it when it can read on (its answer
// carries those bytes and it has not reached its end) and the span was not
// met with another version, else it waits for another connection.
func TestSplitGivesARefusedSpanBackToItsConnection(t *testing.T) {
	reading := splitConn{pos: testMiB, end: 4 * testMiB, asked: 8 * testMiB}
	left := ranges.Holes{{Start: 4 * testMiB, End: 8 * testMiB}}
	tests := []struct {
		name        string
		victim      splitConn
		thiefPos    int64
		victimGone  bool
		toOwner     bool // false: the span met another version
		wantEnd     int64
		wantPending ranges.Holes
	}{
		{"reads on", reading, 4 * testMiB, false, true, 8 * testMiB, nil},
		{"the try's own answer reads on", splitConn{pos: testMiB, end: 4 * testMiB}, 4 * testMiB, false, true, 8 * testMiB, nil},
		{"reached its end", splitConn{pos: 4 * testMiB, end: 4 * testMiB, asked: 8 * testMiB}, 4 * testMiB, false, true, 4 * testMiB, left},
		{"asked for less", splitConn{pos: testMiB, end: 4 * testMiB, asked: 6 * testMiB}, 4 * testMiB, false, true, 4 * testMiB, left},
		{"gone", reading, 4 * testMiB, true, true, 4 * testMiB, left},
		{"another version met", reading, 4 * testMiB, false, false, 4 * testMiB, left},
		{"the span was fetched in part", reading, 5 * testMiB, false, true, 4 * testMiB,
			ranges.Holes{{Start: 5 * testMiB, End: 8 * testMiB}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newTestSplit(t, nil)
			s.pending = nil
			victim := tt.victim
			thief := &splitConn{pos: tt.thiefPos, end: 8 * testMiB, from: &victim}
			s.conns[thief] = struct{}{}
			if !tt.victimGone {
				s.conns[&victim] = struct{}{}
			}
			s.giveBack(thief, tt.toOwner)
			if victim.end != tt.wantEnd {
				t.Errorf("the connection taken from ends at %d, want %d", victim.end, tt.wantEnd)
			}
			if !slices.Equal(s.pending, tt.wantPending) {
				t.Errorf("spans left to fetch %v, want %v", s.pending, tt.wantPending)
			}
		})
	}
}

// TestSplitSpanEndingWithTheAnswerIsWhole: a connection whose last bytes
// of its span come with the end of the answer has fetched its span, and
// ends well, free for the next span; an answer that ends before its span
// does is cut short.
func TestSplitSpanEndingWithTheAnswerIsWhole(t *testing.T) {
	tests := []struct {
		name     string
		sent     int
		wantFail bool
	}{
		{"the whole span, with the end", testMiB, false},
		{"ends early", testMiB / 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newTestSplit(t, nil)
			data := bytes.Repeat([]byte{7}, tt.sent)
			c := &splitConn{pos: 2 * testMiB, end: 3 * testMiB, asked: 3 * testMiB}
			fail := s.stream(c, iotest.DataErrReader(bytes.NewReader(data)), context.Background())
			if (fail != nil) != tt.wantFail {
				t.Fatalf("stream ended with %+v, want a failure: %v", fail, tt.wantFail)
			}
			if c.pos != 2*testMiB+int64(tt.sent) {
				t.Errorf("the connection reached %d, want %d", c.pos, 2*testMiB+tt.sent)
			}
			if got := s.file.(*memFile).b[2*testMiB : 2*testMiB+tt.sent]; !bytes.Equal(got, data) {
				t.Error("the span's bytes are not in the file")
			}
		})
	}
}
