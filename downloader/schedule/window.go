package schedule

import (
	"fmt"
	"time"
)

// Window is the time of day downloads may run: from From to To, each a
// time since midnight; a To before From runs past midnight. The zero
// Window, or one whose From equals To, is always open.
type Window struct {
	From, To time.Duration
}

// ParseClock reads a time of day written as 15:04 (or 7:30).
func ParseClock(s string) (time.Duration, error) {
	t, err := time.Parse("15:04", s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a time of day such as 07:30", s)
	}
	return time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute, nil
}

// FormatClock writes a time of day as 15:04.
func FormatClock(d time.Duration) string {
	return fmt.Sprintf("%02d:%02d", int(d.Hours())%24, int(d.Minutes())%60)
}

// always says the window never closes.
func (w Window) always() bool { return w.From == w.To }

// Open says downloads may run at t.
func (w Window) Open(t time.Time) bool {
	if w.always() {
		return true
	}
	now := sinceMidnight(t)
	if w.From < w.To {
		return now >= w.From && now < w.To
	}
	return now >= w.From || now < w.To
}

// Next is the next time after t the window opens or closes; the zero time
// for a window always open.
func (w Window) Next(t time.Time) time.Time {
	if w.always() {
		return time.Time{}
	}
	midnight := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
	var next time.Time
	for _, edge := range []time.Duration{w.From, w.To} {
		at := atClock(midnight, edge)
		if !at.After(t) {
			at = atClock(midnight.AddDate(0, 0, 1), edge)
		}
		if next.IsZero() || at.Before(next) {
			next = at
		}
	}
	return next
}

// sinceMidnight is the time of day of t.
func sinceMidnight(t time.Time) time.Duration {
	return time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute +
		time.Duration(t.Second())*time.Second + time.Duration(t.Nanosecond())
}

// atClock is the time of day d on the day starting at midnight.
func atClock(midnight time.Time, d time.Duration) time.Time {
	return time.Date(midnight.Year(), midnight.Month(), midnight.Day(), int(d.Hours()), int(d.Minutes())%60, 0, 0, midnight.Location())
}
