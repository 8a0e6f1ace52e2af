package throttle

import (
	"container/heap"
	"path/filepath"
	"testing"
	"time"
)

// model is a site that refuses what is over its limit: more than atOnce
// in flight, or more than perSecond arrivals (refused ones included) in
// the last second.
type model struct {
	atOnce, perSecond int
	refusal           Kind
	inFlight          int
	arrivals          []time.Time
}

// arrive says whether the site takes a request arriving at now.
func (m *model) arrive(now time.Time) bool {
	cut := 0
	for cut < len(m.arrivals) && now.Sub(m.arrivals[cut]) >= time.Second {
		cut++
	}
	m.arrivals = append(m.arrivals[cut:], now)
	if m.atOnce > 0 && m.inFlight >= m.atOnce || m.perSecond > 0 && len(m.arrivals) > m.perSecond {
		return false
	}
	m.inFlight++
	return true
}

// request is one request on its way, ending at end.
type request struct {
	end      time.Time
	start    time.Time
	ticket   Ticket
	admitted bool
}

type requests []request

func (r requests) Len() int           { return len(r) }
func (r requests) Less(i, j int) bool { return r[i].end.Before(r[j].end) }
func (r requests) Swap(i, j int)      { r[i], r[j] = r[j], r[i] }
func (r *requests) Push(x any)        { *r = append(*r, x.(request)) }
func (r *requests) Pop() any {
	old := *r
	x := old[len(old)-1]
	*r = old[:len(old)-1]
	return x
}

// simulate downloads files from the model site with a book, in virtual
// time, latency away, at most c at once, and returns how long it took and
// how many refusals it met. A refusal not judged throttling waits a second
// before its file is tried again.
func simulate(t *testing.T, b *Book, m *model, files, c int, latency time.Duration, t0 time.Time) (time.Duration, int) {
	t.Helper()
	const key = "site:80"
	now, queued, done, refusals := t0, files, 0, 0
	var later []time.Time // files waiting out a refusal that was not throttling
	var flight requests
	for done < files {
		if now.Sub(t0) > time.Hour {
			t.Fatalf("not done after an hour: %d of %d saved, %d refusals", done, files, refusals)
		}
		wake := time.Time{}
		for queued > 0 && flight.Len() < c {
			ok, at := b.Ready(key, now, flight.Len(), Limits{AtOnce: c})
			if !ok {
				wake = at
				break
			}
			queued--
			heap.Push(&flight, request{end: now.Add(latency), start: now, ticket: b.Start(key, now), admitted: m.arrive(now)})
		}
		next := wake
		if flight.Len() > 0 && (next.IsZero() || flight[0].end.Before(next)) {
			next = flight[0].end
		}
		for _, w := range later {
			if next.IsZero() || w.Before(next) {
				next = w
			}
		}
		if next.IsZero() {
			t.Fatalf("stuck: %d queued, nothing in flight", queued)
		}
		now = later_(now, next)
		kept := later[:0]
		for _, w := range later {
			if !w.After(now) {
				queued++
			} else {
				kept = append(kept, w)
			}
		}
		later = kept
		for flight.Len() > 0 && !flight[0].end.After(now) {
			inFlight := flight.Len()
			r := heap.Pop(&flight).(request)
			a := Answer{Kind: Success, Ticket: r.ticket, Started: r.start, InFlight: inFlight}
			if r.admitted {
				m.inFlight--
				b.Answer(key, now, a)
				done++
				continue
			}
			refusals++
			a.Kind = m.refusal
			if j := b.Answer(key, now, a); j.Throttled {
				queued++
			} else {
				later = append(later, now.Add(time.Second))
			}
		}
	}
	return now.Sub(t0), refusals
}

func later_(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// TestLearnsWithinAFewRefusals downloads 200 files 50 ms away at 16 at
// once from sites with a limit, as the benchmark's rows do, in virtual
// time: every file arrives within 1.2 times the fastest the limit allows,
// meeting few more refusals than the 12 of the burst that first found the
// limit; a second run with the saved book meets fewer than 5.
func TestLearnsWithinAFewRefusals(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		site    model
		fastest time.Duration
	}{
		{name: "4 at once, 429", site: model{atOnce: 4, refusal: Refusal}, fastest: 2500 * time.Millisecond},
		{name: "4 at once, 503 taken as possible", site: model{atOnce: 4, refusal: Possible}, fastest: 2500 * time.Millisecond},
		{name: "20 a second, 403", site: model{perSecond: 20, refusal: Possible}, fastest: 10 * time.Second},
		{name: "20 a second, 429", site: model{perSecond: 20, refusal: Refusal}, fastest: 10 * time.Second},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := New(0)
			b.jitter = func() float64 { return 0.5 }
			m := tc.site
			took, refusals := simulate(t, b, &m, 200, 16, 50*time.Millisecond, t0)
			t.Logf("first run: %v, %d refusals, learned %+v", took, refusals, b.Statuses(t0.Add(took)))
			if refusals > 13 {
				t.Errorf("%d refusals, want at most 13: the ones of the first burst", refusals)
			}
			if took > tc.fastest*12/10 {
				t.Errorf("took %v, want at most %v", took, tc.fastest*12/10)
			}
			path := filepath.Join(t.TempDir(), "learned.json")
			end := t0.Add(took)
			if err := b.Save(path, end); err != nil {
				t.Fatal(err)
			}
			again := New(0)
			if err := again.Load(path, end.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
			m2 := tc.site
			took2, refusals2 := simulate(t, again, &m2, 200, 16, 50*time.Millisecond, end.Add(time.Minute))
			t.Logf("second run: %v, %d refusals", took2, refusals2)
			if refusals2 >= 5 {
				t.Errorf("second run: %d refusals, want fewer than 5", refusals2)
			}
		})
	}
}
