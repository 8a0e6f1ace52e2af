package throttle

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestJudgesRefusals feeds a site a run of answers (s: success, r: sure
// refusal, p: possible refusal), each 100 ms after the last with one
// request in flight, and checks the judgement of the last.
func TestJudgesRefusals(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name       string
		answers    string
		maxWait    time.Duration
		throttled  bool
		kept       bool
		wantWaitGE time.Duration
	}{
		{name: "one forbidden link among pictures", answers: "sssssssssp", throttled: false},
		{name: "two forbidden links among pictures", answers: "ssssspsssp", throttled: false},
		{name: "many refusals in a row", answers: "ssssspppppp", throttled: true, wantWaitGE: 250 * time.Millisecond},
		{name: "one link in five refused, a few together", answers: "ssssspppssssspsssspp", throttled: false},
		{name: "three in four refused", answers: "spppspppsppp", throttled: true},
		{name: "a sure refusal", answers: "sssssr", throttled: true, wantWaitGE: 250 * time.Millisecond},
		{name: "a possible refusal while held at the limits a sure one taught", answers: "rssssssssp", throttled: true},
		{name: "refusing everything for longer than the bound", answers: "pppppppppppp", maxWait: time.Second, throttled: true, kept: true},
		{name: "refusing everything within the bound", answers: "pppppppppppp", maxWait: time.Minute, throttled: true},
		{name: "a success ends the refusing", answers: "ppppppppppsp", maxWait: time.Second, throttled: true},
	}
	kinds := map[rune]Kind{'s': Success, 'r': Refusal, 'p': Possible}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := New(tc.maxWait)
			b.jitter = func() float64 { return 0 }
			var j Judgement
			now := t0
			for _, c := range tc.answers {
				now = now.Add(100 * time.Millisecond)
				tk := b.Start("site:80", now)
				j = b.Answer("site:80", now, Answer{Kind: kinds[c], Ticket: tk, Started: now.Add(-50 * time.Millisecond), InFlight: 1})
			}
			if j.Throttled != tc.throttled || j.KeptRefusing != tc.kept {
				t.Errorf("judgement %+v, want throttled %v, kept refusing %v", j, tc.throttled, tc.kept)
			}
			if j.Wait < tc.wantWaitGE {
				t.Errorf("wait %v, want at least %v", j.Wait, tc.wantWaitGE)
			}
		})
	}
}

// TestShortWaitsGrowAndShrink: a site refusing one lone request after
// another is left alone for longer each time, never for minutes at first,
// and for less again after successes.
func TestShortWaitsGrowAndShrink(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	b := New(0)
	b.jitter = func() float64 { return 1 }
	now := t0
	answer := func(k Kind) Judgement {
		tk := b.Start("site:80", now)
		return b.Answer("site:80", now, Answer{Kind: k, Ticket: tk, Started: now, InFlight: 1})
	}
	answer(Success)
	var waits []time.Duration
	for range 4 {
		j := answer(Refusal)
		waits = append(waits, j.Wait)
		now = now.Add(j.Wait)
	}
	want := []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second}
	for i := range want {
		if waits[i] != want[i] {
			t.Fatalf("waits %v, want %v", waits, want)
		}
	}
	for range 3 {
		answer(Success)
	}
	if j := answer(Refusal); j.Wait != time.Second {
		t.Errorf("after three successes the wait is %v, want 1s", j.Wait)
	}
}

// TestReadyKeepsToTheLimits: a site's own limits and the learned ones
// both hold, and a pause holds everything.
func TestReadyKeepsToTheLimits(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		active int
		limits Limits
		setup  func(s *site)
		ok     bool
	}{
		{name: "room", active: 3, limits: Limits{AtOnce: 4}, ok: true},
		{name: "full", active: 4, limits: Limits{AtOnce: 4}},
		{name: "learned at once", active: 2, limits: Limits{AtOnce: 8}, setup: func(s *site) { s.atOnce = 2 }},
		{name: "paused", limits: Limits{AtOnce: 8}, setup: func(s *site) { s.pauseUntil = t0.Add(time.Second) }},
		{name: "a second's worth sent before the pace was learned", limits: Limits{AtOnce: 8}, setup: func(s *site) {
			s.perSecond = 2
			s.started(t0.Add(-900 * time.Millisecond))
			s.started(t0.Add(-800 * time.Millisecond))
		}},
		{name: "the window cleared", limits: Limits{AtOnce: 8}, ok: true, setup: func(s *site) {
			s.perSecond = 2
			s.started(t0.Add(-1100 * time.Millisecond))
			s.started(t0.Add(-800 * time.Millisecond))
		}},
		{name: "rate spent", limits: Limits{AtOnce: 8, PerSecond: 1}, setup: func(s *site) { s.ready(t0, 0, Limits{AtOnce: 8, PerSecond: 1}) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := New(0)
			if tc.setup != nil {
				tc.setup(b.site("site:80"))
			}
			if ok, _ := b.Ready("site:80", t0, tc.active, tc.limits); ok != tc.ok {
				t.Errorf("ready = %v, want %v", ok, tc.ok)
			}
		})
	}
}

// TestOneLinkRefusedOverAndOver: the same link refused again and again is
// one link, not many in a row: it is not taken for throttling.
func TestOneLinkRefusedOverAndOver(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	b := New(time.Second)
	now := t0
	for i := range 10 {
		now = now.Add(time.Second)
		tk := b.Start("site:80", now)
		j := b.Answer("site:80", now, Answer{Kind: Possible, Ticket: tk, Started: now, InFlight: 1, Again: i > 0})
		if j.Throttled {
			t.Fatalf("try %d was taken for throttling", i+1)
		}
	}
}

// TestForbiddenOnlyWhileOthersArrive: a link refused again is forbidden
// when the site's other links arrive and it has not throttled lately;
// within a minute of throttling, it may still be the site's throttling.
func TestForbiddenOnlyWhileOthersArrive(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		answers string
		lastGap time.Duration
		again   bool
		want    bool
	}{
		{name: "refused again among pictures", answers: "ssssssss", again: true, want: true},
		{name: "refused for the first time", answers: "ssssssss"},
		{name: "refused again with no picture arriving", answers: "", again: true},
		{name: "refused again soon after the site throttled", answers: "rsssssss", again: true},
		{name: "refused again a minute after the site throttled", answers: "rsssssss", lastGap: time.Minute, again: true, want: true},
	}
	kinds := map[rune]Kind{'s': Success, 'r': Refusal}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := New(0)
			now := t0
			for _, c := range tc.answers {
				now = now.Add(100 * time.Millisecond)
				tk := b.Start("site:80", now)
				b.Answer("site:80", now, Answer{Kind: kinds[c], Ticket: tk, Started: now.Add(-50 * time.Millisecond), InFlight: 1})
			}
			now = now.Add(100*time.Millisecond + tc.lastGap)
			tk := b.Start("site:80", now)
			j := b.Answer("site:80", now, Answer{Kind: Possible, Ticket: tk, Started: now.Add(-50 * time.Millisecond), InFlight: 1, Again: tc.again})
			if j.Forbidden != tc.want || j.Forbidden && j.Throttled {
				t.Errorf("judgement %+v, want forbidden %v", j, tc.want)
			}
		})
	}
}

// TestKeptForADay: limits learned are read back for a day, and a book
// that learned nothing leaves no file.
func TestKeptForADay(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	path := filepath.Join(t.TempDir(), "learned.json")
	if err := New(0).Save(path, t0); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a book that learned nothing left %s (%v)", path, err)
	}
	b := New(0)
	s := b.site("site:80")
	s.atOnce, s.perSecond, s.learned = 4, 19, t0
	s.keep()
	if err := b.Save(path, t0); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		after time.Duration
		want  Status
		ok    bool
	}{
		{name: "an hour later", after: time.Hour, want: Status{Site: "site:80", AtOnce: 4, PerSecond: 19, Learned: t0}, ok: true},
		{name: "a day later", after: KeepFor},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			again := New(0)
			if err := again.Load(path, t0.Add(tc.after)); err != nil {
				t.Fatal(err)
			}
			got, ok := again.Slowed("site:80", t0.Add(tc.after))
			if ok != tc.ok || got != tc.want {
				t.Errorf("slowed %v %+v, want %v %+v", ok, got, tc.ok, tc.want)
			}
		})
	}
}

// TestRefusalAfterAWaitKeepsThePace: a refusal of the first requests after
// a wait, when the site let little through in the second before, says it
// still counts the older ones, refused ones too: the pace stands and the
// site is left alone a while longer.
func TestRefusalAfterAWaitKeepsThePace(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	b := New(0)
	b.jitter = func() float64 { return 0 }
	s := b.site("site:80")
	s.perSecond = 19
	s.keep()
	for i := range 18 {
		s.started(t0.Add(time.Duration(i) * 10 * time.Millisecond))
	}
	now := t0.Add(700 * time.Millisecond)
	tk := b.Start("site:80", now)
	j := b.Answer("site:80", now.Add(50*time.Millisecond), Answer{Kind: Refusal, Ticket: tk, Started: now, InFlight: 1})
	if !j.Throttled || j.Wait <= 0 {
		t.Errorf("judgement %+v, want throttled with a wait", j)
	}
	if got, _ := b.Slowed("site:80", now); got.PerSecond != 19 {
		t.Errorf("pace %v a second, want 19 still", got.PerSecond)
	}
}
