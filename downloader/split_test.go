package downloader

import (
	"bytes"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"haul/downloader/downloadtest"
	"haul/downloader/ranges"
)

// TestSplitFetchesALargeFileOverSeveralConnections: a server that holds
// each connection to a fixed speed serves a large file to several
// connections at once, and the file is saved byte for byte.
func TestSplitFetchesALargeFileOverSeveralConnections(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(12<<20, 30)
	srv.Handle("/big.bin", body, downloadtest.Throttle(4<<20))
	m := New(testOptions(t.TempDir()))
	ids := addAll(t, m, srv.URL("/big.bin"))
	if s := runAll(t, m); s.Done != 1 {
		t.Fatalf("summary %+v", s)
	}
	it := mustItem(t, m, ids[0])
	if fileSum(t, it.Path) != sum256(body) {
		t.Fatal("saved bytes differ")
	}
	if srv.MaxInFlight() < 2 || srv.Hits("/big.bin") < 2 {
		t.Errorf("%d connections at most at once, %d requests; want several", srv.MaxInFlight(), srv.Hits("/big.bin"))
	}
	// A connection whose span another took stops reading, but what the
	// server already sent it is lost: a little, never the file twice.
	if sent := srv.BytesSent(); sent > int64(len(body))*3/2 {
		t.Errorf("%d bytes sent for a file of %d", sent, len(body))
	}
}

// TestSplitStaysWithinTheLimits: the extra connections count against At
// once and the site's limit, and the setting 1 turns splitting off.
func TestSplitStaysWithinTheLimits(t *testing.T) {
	tests := []struct {
		name          string
		concurrency   int
		perHost       int
		conns         int
		wantAtMostNow int
	}{
		{"at once", 3, 0, 0, 3},
		{"per site", 8, 2, 0, 2},
		{"setting", 8, 0, 3, 3},
		{"off", 8, 0, 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t)
			body := downloadtest.Data(8<<20, 31)
			srv.Handle("/big.bin", body, downloadtest.Throttle(8<<20))
			o := testOptions(t.TempDir())
			o.Concurrency, o.PerHost, o.ConnectionsPerFile = tt.concurrency, tt.perHost, tt.conns
			conns := &countingTransport{base: http.DefaultTransport.(*http.Transport).Clone()}
			o.Client = &http.Client{Transport: conns}
			m := New(o)
			ids := addAll(t, m, srv.URL("/big.bin"))
			if s := runAll(t, m); s.Done != 1 {
				t.Fatalf("summary %+v", s)
			}
			if fileSum(t, mustItem(t, m, ids[0]).Path) != sum256(body) {
				t.Fatal("saved bytes differ")
			}
			if got := conns.peak(); got > tt.wantAtMostNow {
				t.Errorf("%d connections at once; want at most %d", got, tt.wantAtMostNow)
			}
		})
	}
}

// TestSplitNeverStartsForSmallFilesNorWithoutRanges: a small file, or one
// from a server that ignores ranges or names no version, takes one request.
func TestSplitNeverStartsForSmallFilesNorWithoutRanges(t *testing.T) {
	tests := []struct {
		name string
		size int
		opts []downloadtest.Option
	}{
		{"small", 1 << 20, nil},
		{"no ranges", 8 << 20, []downloadtest.Option{downloadtest.IgnoreRange()}},
		{"no version", 8 << 20, []downloadtest.Option{downloadtest.NoValidators()}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t)
			body := downloadtest.Data(tt.size, 32)
			srv.Handle("/f.bin", body, tt.opts...)
			m := New(testOptions(t.TempDir()))
			ids := addAll(t, m, srv.URL("/f.bin"))
			if s := runAll(t, m); s.Done != 1 {
				t.Fatalf("summary %+v", s)
			}
			if fileSum(t, mustItem(t, m, ids[0]).Path) != sum256(body) {
				t.Fatal("saved bytes differ")
			}
			if hits := srv.Hits("/f.bin"); hits != 1 {
				t.Errorf("%d requests; want 1", hits)
			}
		})
	}
}

// TestSplitTakesFewerConnectionsWhenRefused: a server that allows two
// connections at once and answers 503 beyond gets two, after few refusals,
// and the file completes byte for byte without a failed try.
func TestSplitTakesFewerConnectionsWhenRefused(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(12<<20, 33)
	srv.Handle("/big.bin", body, downloadtest.Throttle(4<<20), downloadtest.MaxConnections(2))
	m := New(testOptions(t.TempDir()))
	ids := addAll(t, m, srv.URL("/big.bin"))
	if s := runAll(t, m); s.Done != 1 {
		t.Fatalf("summary %+v", s)
	}
	it := mustItem(t, m, ids[0])
	if fileSum(t, it.Path) != sum256(body) {
		t.Fatal("saved bytes differ")
	}
	if refused := srv.Refused("/big.bin"); refused >= 5 {
		t.Errorf("%d refusals; want fewer than 5", refused)
	}
	if it.Failures != 0 {
		t.Errorf("%d failed tries; a refused extra connection is no failure", it.Failures)
	}
}

// TestSplitRestartsWholeWhenTheFileChanges: a server whose file changes
// between the first answer and the parts (a new ETag) gets the file
// fetched again whole: the two versions are never spliced.
func TestSplitRestartsWholeWhenTheFileChanges(t *testing.T) {
	srv := newServer(t)
	oldBody := downloadtest.Data(8<<20, 34)
	newBody := downloadtest.Data(8<<20, 35)
	srv.Handle("/big.bin", oldBody, downloadtest.Throttle(8<<20), downloadtest.ChangeAfter(1, newBody))
	m := New(testOptions(t.TempDir()))
	ids := addAll(t, m, srv.URL("/big.bin"))
	if s := runAll(t, m); s.Done != 1 {
		t.Fatalf("summary %+v", s)
	}
	if fileSum(t, mustItem(t, m, ids[0]).Path) != sum256(newBody) {
		t.Fatal("the saved file is not the new version whole")
	}
}

// lastRecords keeps the last record written for each link.
type lastRecords struct {
	mu   sync.Mutex
	last map[string]Record
}

func (j *lastRecords) Write(changed []Record, _ []string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, r := range changed {
		j.last[r.URL] = r
	}
	return nil
}

func (j *lastRecords) Sync() error { return nil }

func (j *lastRecords) get(url string) Record {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.last[url]
}

// crashPoint is a journal that keeps the first record of link it is
// given that half accepts, as a crash right after that write would leave
// the journal, and signals crashed.
type crashPoint struct {
	link    string
	half    func(Record) bool
	mu      sync.Mutex
	record  Record
	crashed chan struct{}
}

func (j *crashPoint) Write(changed []Record, _ []string) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	for _, r := range changed {
		if r.URL == j.link && j.record.URL == "" && j.half(r) {
			j.record = r
			close(j.crashed)
		}
	}
	return nil
}

func (j *crashPoint) Sync() error { return nil }

// wait waits for the crash and returns the record it left.
func (j *crashPoint) wait(t *testing.T) Record {
	t.Helper()
	select {
	case <-j.crashed:
	case <-time.After(20 * time.Second):
		t.Fatal("half the file never reached the journal")
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.record
}

// TestSplitResumesEveryPartAfterACrash: what the journal held halfway
// through a file fetched in parts (as a crash would leave it) lets the
// next run fetch only what was missing, byte for byte: the bytes the
// record holds and those the next run fetches come to at most 1.1 times
// the file. What arrived after the record's checkpoint is what the crash
// loses; how much that is depends on how fast the disk syncs, not on
// resuming, so it is not counted.
func TestSplitResumesEveryPartAfterACrash(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(24<<20, 36)
	srv.Handle("/big.bin", body, downloadtest.Throttle(1<<20))
	dir := t.TempDir()
	link := srv.URL("/big.bin")
	j := &crashPoint{link: link, crashed: make(chan struct{}), half: func(r Record) bool {
		h, ok := ranges.Parse(r.Holes)
		return ok && len(h) > 0 && h.Missing() <= int64(len(body))/2
	}}
	first := New(testOptions(dir))
	first.Saved().SetJournal(j)
	startWith(t, first, link)
	crashed := j.wait(t)
	first.Stop()
	afterCrash := srv.BytesSent()

	second := New(testOptions(dir))
	second.Saved().Restore([]Record{crashed})
	if s := runAll(t, second); s.Done != 1 {
		t.Fatalf("summary %+v", s)
	}
	snap, _ := second.Snapshot()
	got, err := os.ReadFile(snap[0].Path)
	if err != nil || !bytes.Equal(got, body) {
		t.Fatalf("saved bytes differ (%v)", err)
	}
	holes, _ := ranges.Parse(crashed.Holes)
	held := int64(len(body)) - holes.Missing()
	if sent, most := held+srv.BytesSent()-afterCrash, int64(len(body))*11/10; sent > most {
		t.Errorf("%d bytes held by the record and fetched after the crash for a file of %d; want at most %d", sent, len(body), most)
	}
}

// TestSplitTakesAWholeAnswerToAPartRequest: a server that says it takes
// ranges but answers a request for a part with the whole file (200) is
// served by one connection from the start: the file is saved byte for
// byte, with no failed try, and the site is not taught it refused a
// connection. When the answer comes late, the try's own connection has
// ended its share and asked for a part too, and got the whole file as
// well.
func TestSplitTakesAWholeAnswerToAPartRequest(t *testing.T) {
	tests := []struct {
		name    string
		latency time.Duration
	}{
		{"whole answer at once", 0},
		{"whole answer late", 400 * time.Millisecond},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t)
			body := downloadtest.Data(12<<20, 37)
			srv.Handle("/big.bin", body, downloadtest.Throttle(24<<20), downloadtest.Latency(tt.latency), downloadtest.WholeForRanges())
			m := New(testOptions(t.TempDir()))
			ids := addAll(t, m, srv.URL("/big.bin"))
			if s := runAll(t, m); s.Done != 1 {
				t.Fatalf("summary %+v", s)
			}
			it := mustItem(t, m, ids[0])
			if fileSum(t, it.Path) != sum256(body) {
				t.Fatal("saved bytes differ")
			}
			if it.Failures != 0 {
				t.Errorf("%d failed tries; a whole answer to a part request is no failure", it.Failures)
			}
			if got := learnedConns(m); got != 0 {
				t.Errorf("the site learned a limit of %d connections; a whole answer is no refusal", got)
			}
		})
	}
}
