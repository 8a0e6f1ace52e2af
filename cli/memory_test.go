package cli

import (
	"runtime/debug"
	"testing"
)

func TestGiveCollectorRoom(t *testing.T) {
	for _, tc := range []struct {
		name  string
		links int
		gogc  string
		want  int
	}{
		{"a small batch", 10_000, "", roomyGC},
		{"the largest small batch", smallBatch, "", roomyGC},
		{"a large batch keeps the default", smallBatch + 1, "", 100},
		{"the user's GOGC wins", 10, "50", 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc)
			before := debug.SetGCPercent(100)
			defer debug.SetGCPercent(before)
			giveCollectorRoom(tc.links)
			if got := debug.SetGCPercent(100); got != tc.want {
				t.Errorf("GC percent %d, want %d", got, tc.want)
			}
		})
	}
}
