package throttle

import "time"

// dayStart is the start of t's day, in t's location.
func dayStart(t time.Time) time.Time {
	y, m, d := t.Date()
	return time.Date(y, m, d, 0, 0, 0, 0, t.Location())
}

// dayKey names t's day, as saved.
func dayKey(t time.Time) string { return t.Format(time.DateOnly) }

// filesToday is how many files the site gave on now's day.
func (s *site) filesToday(now time.Time) int {
	if s.day.IsZero() || !dayStart(now).Equal(s.day) {
		return 0
	}
	return s.files
}

// countFile counts a file the site gave on now's day.
func (s *site) countFile(now time.Time) {
	if day := dayStart(now); !day.Equal(s.day) {
		s.day, s.files = day, 0
	}
	s.files++
}

// dayFull says the site gave its files for the day, counting the ones on
// their way, and returns when its next day starts.
func (s *site) dayFull(now time.Time, active int) (time.Time, bool) {
	if s.perDay <= 0 || s.filesToday(now)+active < s.perDay {
		return time.Time{}, false
	}
	return dayStart(now).AddDate(0, 0, 1), true
}
