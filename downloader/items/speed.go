package items

import (
	"sync"
	"time"
)

const (
	speedSamples  = 16
	speedInterval = 250 * time.Millisecond
)

// speedMeter turns a growing byte count into a moving-average speed over the
// last few seconds. The writer records at most one sample per interval, so
// it costs nothing per chunk; readers see the speed decay when data stops.
type speedMeter struct {
	mu      sync.Mutex
	times   [speedSamples]time.Time
	counts  [speedSamples]int64
	next    int
	filled  int
	lastRec time.Time
}

// reset forgets the history, starting from count bytes now.
func (s *speedMeter) reset(now time.Time, count int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next, s.filled = 0, 0
	s.push(now, count)
}

// record notes the byte count; cheap when called more often than the interval.
func (s *speedMeter) record(now time.Time, count int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if now.Sub(s.lastRec) >= speedInterval {
		s.push(now, count)
	}
}

func (s *speedMeter) push(now time.Time, count int64) {
	s.times[s.next] = now
	s.counts[s.next] = count
	s.next = (s.next + 1) % speedSamples
	if s.filled < speedSamples {
		s.filled++
	}
	s.lastRec = now
}

// lastSince is when data last arrived, or since when no earlier than from.
func (s *speedMeter) lastSince(from time.Time) time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lastRec.After(from) {
		return s.lastRec
	}
	return from
}

// rate returns bytes per second from the oldest sample to (now, count).
func (s *speedMeter) rate(now time.Time, count int64) float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.filled == 0 {
		return 0
	}
	oldest := (s.next - s.filled + speedSamples) % speedSamples
	dt := now.Sub(s.times[oldest]).Seconds()
	if dt < 0.2 {
		return 0
	}
	return float64(count-s.counts[oldest]) / dt
}
