package throttle

import (
	"testing"
	"time"
)

// TestAnExtraRequestCountsAgainstThePace: a try's extra request (a
// picture's original asked for) makes the next try wait its turn at the
// site's pace, as a try's own request does.
func TestAnExtraRequestCountsAgainstThePace(t *testing.T) {
	tests := []struct {
		name   string
		extras int
		wait   time.Duration
	}{
		{"no extra", 0, time.Second},
		{"one extra", 1, 2 * time.Second},
		{"two extras", 2, 3 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := New(0)
			limits := Limits{AtOnce: 8, PerSecond: 1}
			now := time.Date(2026, 12, 5, 12, 0, 0, 0, time.UTC)
			if ok, _ := b.Ready("pics:80", now, 0, limits); !ok {
				t.Fatal("the first request must go at once")
			}
			b.Start("pics:80", now)
			for range tt.extras {
				b.Extra("pics:80", now)
			}
			next := now.Add(10 * time.Millisecond)
			for range 10 {
				ok, at := b.Ready("pics:80", next, 1, limits)
				if ok {
					break
				}
				next = at
			}
			if d := next.Sub(now); d < tt.wait-50*time.Millisecond || d > tt.wait+50*time.Millisecond {
				t.Errorf("the next request went %v after; want about %v", d, tt.wait)
			}
		})
	}
}
