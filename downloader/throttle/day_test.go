package throttle

import (
	"path/filepath"
	"testing"
	"time"
)

// TestFilesADay: a site with a limit of files a day takes no more once it
// gave them, counting those on their way, until its next day; the count
// is kept across runs for the day, and starts again the next.
func TestFilesADay(t *testing.T) {
	t0 := time.Date(2026, 3, 4, 22, 0, 0, 0, time.UTC)
	midnight := time.Date(2026, 3, 5, 0, 0, 0, 0, time.UTC)
	limits := Limits{AtOnce: 4, PerDay: 3}
	b := New(0)
	now := t0
	for i := range 3 {
		if ok, _ := b.Ready("site:80", now, i, limits); !ok {
			t.Fatalf("file %d of 3 was held back", i+1)
		}
		b.Start("site:80", now)
	}
	if ok, at := b.Ready("site:80", now, 3, limits); ok || !at.Equal(midnight) {
		t.Fatalf("with 3 on their way: ready %v until %v, want held until %v", ok, at, midnight)
	}
	for range 3 {
		now = now.Add(time.Second)
		b.Answer("site:80", now, Answer{Kind: Success, Started: now.Add(-50 * time.Millisecond), InFlight: 1})
	}
	if ok, at := b.Ready("site:80", now, 0, limits); ok || !at.Equal(midnight) {
		t.Fatalf("after 3 files: ready %v until %v, want held until %v", ok, at, midnight)
	}
	if got, ok := b.Slowed("site:80", now); !ok || got.PerDay != 3 || !got.Until.Equal(midnight) {
		t.Errorf("slowed %v %+v, want 3 a day until %v", ok, got, midnight)
	}
	if ok, _ := b.Ready("other:80", now, 0, Limits{AtOnce: 4}); !ok {
		t.Error("another site was held back too")
	}
	path := filepath.Join(t.TempDir(), "learned.json")
	if err := b.Save(path, now); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		at   time.Time
		ok   bool
	}{
		{name: "a later run the same day", at: now.Add(time.Hour)},
		{name: "a run the next day", at: midnight.Add(time.Minute), ok: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			again := New(0)
			if err := again.Load(path, tc.at); err != nil {
				t.Fatal(err)
			}
			if ok, _ := again.Ready("site:80", tc.at, 0, limits); ok != tc.ok {
				t.Errorf("ready %v, want %v", ok, tc.ok)
			}
		})
	}
	if ok, _ := b.Ready("site:80", midnight, 0, limits); !ok {
		t.Error("the next day, the site was still held back")
	}
}
