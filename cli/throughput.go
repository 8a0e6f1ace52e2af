package cli

import "time"

// throughputWindow is how far back the batch speed looks.
const throughputWindow = 3 * time.Second

// throughputMinSpan is the shortest history that gives a speed.
const throughputMinSpan = 500 * time.Millisecond

// throughput measures the whole batch's download speed from its growing
// byte total. Many small files, each too short-lived for a speed of its
// own, still add up to a speed here.
type throughput struct {
	times []time.Time
	bytes []int64
}

// add records the byte total at now and returns the speed in bytes per
// second over the last few seconds, or false while the history is too short.
func (t *throughput) add(now time.Time, total int64) (float64, bool) {
	t.times = append(t.times, now)
	t.bytes = append(t.bytes, total)
	drop := 0
	for drop < len(t.times)-1 && now.Sub(t.times[drop+1]) >= throughputWindow {
		drop++
	}
	t.times, t.bytes = t.times[drop:], t.bytes[drop:]
	span := now.Sub(t.times[0])
	if span < throughputMinSpan {
		return 0, false
	}
	return max(float64(total-t.bytes[0]), 0) / span.Seconds(), true
}
