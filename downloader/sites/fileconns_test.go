package sites

import (
	"testing"
	"time"
)

// TestFileConnLimitGrowsBackAfterAQuietSpell: a refusal lowers the limit,
// each quiet spell raises it a step, a step refused soon after doubles the
// spell, and past the most the setting takes the limit is forgotten.
func TestFileConnLimitGrowsBackAfterAQuietSpell(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	type step struct {
		after   time.Duration // since t0
		refused int           // active connections at a refusal; 0 asks the limit
		want    int
	}
	tests := []struct {
		name  string
		steps []step
	}{
		{"none learned", []step{{0, 0, 0}, {time.Hour, 0, 0}}},
		{"lowered, then a step per quiet spell", []step{
			{0, 2, 2}, {9 * time.Second, 0, 2}, {10 * time.Second, 0, 3}, {15 * time.Second, 0, 3}, {20 * time.Second, 0, 4}}},
		{"a refused step waits twice as long", []step{
			{0, 2, 2}, {10 * time.Second, 0, 3}, {11 * time.Second, 3, 3}, {30 * time.Second, 0, 3}, {31 * time.Second, 0, 4}}},
		{"refused at none held keeps one", []step{{0, -1, 1}}},
		{"past the setting's most, forgotten", []step{{0, testMostConns, testMostConns}, {10 * time.Second, 0, 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var l fileConnLimit
			for i, s := range tt.steps {
				now := t0.Add(s.after)
				got := 0
				if s.refused != 0 {
					l.refused(max(s.refused, 0), now)
					got = l.most
				} else {
					got = l.at(now, testMostConns)
				}
				if got != s.want {
					t.Fatalf("step %d (at %v): limit %d, want %d", i, s.after, got, s.want)
				}
			}
		})
	}
}

// testMostConns is the most connections the setting takes, in these tests.
const testMostConns = 16
