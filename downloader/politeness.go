package downloader

import (
	"net/http"
	"time"

	"golang.org/x/time/rate"
)

// Adaptive politeness: when a site answers 429 it is asking us to slow
// down, so Haul pauses that site for its Retry-After, lowers its pace and
// concurrency (multiplicative decrease) and wins them back slowly (additive
// increase), the way TCP treats congestion. A 503 only halves the site's
// concurrency, and only when it answers most recent requests: servers also
// use 503 for single files that are not ready, and each refused item
// already waits for its own Retry-After. Only the site that asked is
// slowed, and the user's own limits are never exceeded: these only lower them.
const (
	// slowCooldown keeps one burst of refusals (several requests in flight
	// at once all answered 429) from halving the pace more than once.
	slowCooldown = time.Second
	// minPause is how long a site gets no new requests after a refusal
	// without Retry-After.
	minPause = time.Second
	// recoverEvery is how often a slowed site gets a little more room back.
	recoverEvery = 2 * time.Second
	// recoverRate is the request rate added back at each step, per second.
	recoverRate = 1.0
	// freeRate is the pace above which a site counts as recovered.
	freeRate = 200
	// startWindow is the span over which a site's recent request rate is measured.
	startWindow = time.Second
)

// pace is one site's adaptive limits; the zero value means "not slowed".
type pace struct {
	cap          int           // most requests in flight; 0 = only the user's limit
	limiter      *rate.Limiter // requests per second; nil = only the user's limit
	pauseUntil   time.Time     // no new requests before this
	lastDecrease time.Time
	lastIncrease time.Time
	starts       [64]time.Time // recent request starts, a ring
	next         int
	answers      [20]bool // recent answers, true for a refusal, a ring
	answered     int
	refusals     int // 429/503 answers received
}

// observe notes whether an answer was a refusal (429/503).
func (p *pace) observe(refused bool) {
	p.answers[p.answered%len(p.answers)] = refused
	p.answered++
	if refused {
		p.refusals++
	}
}

// mostlyRefused says whether most recent answers were refusals.
func (p *pace) mostlyRefused() bool {
	n := min(p.answered, len(p.answers))
	refused := 0
	for _, r := range p.answers[:n] {
		if r {
			refused++
		}
	}
	return n >= 4 && refused*2 >= n
}

func (p *pace) slowed() bool { return p.cap > 0 || p.limiter != nil }

// started notes a request start, for measuring the recent rate.
func (p *pace) started(now time.Time) {
	p.starts[p.next] = now
	p.next = (p.next + 1) % len(p.starts)
}

// recentRate is the number of requests started in the last startWindow, per second.
func (p *pace) recentRate(now time.Time) float64 {
	n := 0
	for _, t := range p.starts {
		if !t.IsZero() && now.Sub(t) < startWindow {
			n++
		}
	}
	return float64(n) / startWindow.Seconds()
}

// refused reacts to a 429 or 503 answer, observed beforehand.
func (p *pace) refused(now time.Time, status, inFlight, userLimit int, retryAfter time.Duration) {
	switch {
	case status == http.StatusTooManyRequests:
		p.slowDown(now, inFlight, userLimit, retryAfter)
	case p.mostlyRefused() && now.Sub(p.lastDecrease) >= slowCooldown:
		p.lastDecrease, p.lastIncrease = now, now
		p.cap = max(1, min(p.limit(userLimit), inFlight)/2)
	}
}

// limit is the site's concurrency limit in force.
func (p *pace) limit(userLimit int) int {
	if p.cap > 0 {
		return min(userLimit, p.cap)
	}
	return userLimit
}

// slowDown pauses the site for retryAfter (at least minPause) and, once
// per cooldown, halves its concurrency and request rate.
func (p *pace) slowDown(now time.Time, inFlight, userLimit int, retryAfter time.Duration) {
	p.pauseUntil = laterOf(p.pauseUntil, now.Add(max(retryAfter, minPause)))
	if now.Sub(p.lastDecrease) < slowCooldown {
		return
	}
	p.lastDecrease, p.lastIncrease = now, now
	p.cap = max(1, min(p.limit(userLimit), inFlight)/2)
	r := p.recentRate(now) / 2
	if p.limiter != nil {
		r = min(r, float64(p.limiter.Limit())/2)
	}
	r = max(r, 0.5)
	if p.limiter == nil {
		p.limiter = rate.NewLimiter(rate.Limit(r), 1)
	} else {
		p.limiter.SetLimitAt(now, rate.Limit(r))
	}
}

// recover gives a slowed site a little more room for every recoverEvery
// that passed without a refusal; it lifts the limits once they are generous.
func (p *pace) recover(now time.Time, userLimit int) {
	if !p.slowed() {
		return
	}
	for now.Sub(p.lastIncrease) >= recoverEvery && now.Sub(p.lastDecrease) >= recoverEvery {
		p.lastIncrease = p.lastIncrease.Add(recoverEvery)
		if p.cap > 0 {
			p.cap++
			if p.cap >= userLimit {
				p.cap = 0
			}
		}
		if p.limiter != nil {
			r := float64(p.limiter.Limit()) + recoverRate
			if r >= freeRate {
				p.limiter = nil
			} else {
				p.limiter.SetLimitAt(now, rate.Limit(r))
			}
		}
		if !p.slowed() {
			return
		}
	}
}

// ready says whether the site may start a request now; when not, it
// returns the time worth waking up at (zero when only a finishing request can help).
func (p *pace) ready(now time.Time, active, userLimit int) (bool, time.Time) {
	if now.Before(p.pauseUntil) {
		return false, p.pauseUntil
	}
	if active >= p.limit(userLimit) {
		return false, time.Time{}
	}
	if p.limiter != nil {
		r := p.limiter.ReserveN(now, 1)
		if d := r.DelayFrom(now); d > 0 {
			r.CancelAt(now)
			return false, now.Add(d)
		}
	}
	return true, time.Time{}
}

func laterOf(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlierOf(a, b time.Time) time.Time {
	if a.IsZero() || !b.IsZero() && b.Before(a) {
		return b
	}
	return a
}
