package throttle

import (
	"time"

	"golang.org/x/time/rate"
)

const (
	// window is the span over which a site's rate is measured: the
	// requests it let through in the second before a refusal.
	window = time.Second
	// rateMargin keeps the pace just below the rate a site let through.
	rateMargin = 0.95
	// shortWait is the first wait after a refusal without Retry-After;
	// it doubles while refusals go on, up to longestShortWait, with jitter.
	shortWait        = 500 * time.Millisecond
	longestShortWait = time.Minute
	// firstProbe is the quiet spell after which a learned limit is raised
	// a step; it doubles, up to longestProbe, each time a probe is refused.
	firstProbe   = 10 * time.Second
	longestProbe = 5 * time.Minute
	// probeRate is how much a probe raises a learned rate.
	probeRate = 1.1
	// freeRate is the learned rate above which a site counts as free again.
	freeRate = 1000
	// burstLongest closes a burst whose requests never all came back.
	burstLongest = 30 * time.Second
	// inARowThrottling is how many links in a row a site refuses before
	// possible refusals count as throttling.
	inARowThrottling = 5
	// calmFor is how long after it last throttled a site's refusal of
	// one link may still be its throttling.
	calmFor = time.Minute
	// minPerSecond is the slowest pace learned: one request a minute.
	minPerSecond = 1.0 / 60
)

// span is one successful request: when it started and ended, and how many
// successful requests were in flight when it ended (itself included).
type span struct {
	start, end time.Time
	cover      int
}

// burst is what one refusal teaches, with the refusals of the requests
// that were already on their way when it came.
type burst struct {
	open bool
	// gen: requests with an older ticket were sent before the burst began.
	gen                     Ticket
	size, refused, resolved int
	// atOnce says the burst teaches how many at once, else how many a second.
	atOnce bool
	// best is the most requests a second the site let through during it.
	best float64
	at   time.Time
	// probe says it refused a probe, which was taken back: the limits
	// kept from before stand.
	probe bool
}

// site is one site's learned limits and the evidence for them.
type site struct {
	atOnce    int     // learned most at once; 0 is none
	perSecond float64 // learned requests a second; 0 is none
	learned   time.Time
	// keptAtOnce and keptPerSecond are the limits a refusal taught or a
	// quiet spell confirmed, without the probe under way: those are saved.
	keptAtOnce    int
	keptPerSecond float64
	limiter       *rate.Limiter

	pauseUntil time.Time
	holdUntil  time.Time // a short hold after a refusal that may be throttling (see hold)
	level      int       // short waits in a row, less one per success
	gen        Ticket
	burst      burst

	recent        [16]bool // recent answers, true for a refusal, a ring
	answered      int
	inARow        int       // refusals since the last success
	refusingSince time.Time // the first refusal since the last success
	refusals      int

	starts    [128]time.Time // recent request starts, a ring
	nextStart int
	spans     [128]span // recent successes, a ring
	next      int
	okAtOnce  int // the most successful requests seen in flight at once

	probeEvery time.Duration
	nextProbe  time.Time
	lastProbe  time.Time

	// perDay is the most files a day its limits allow, as last given; day
	// is the start of the day files counts (see day.go).
	perDay int
	day    time.Time
	files  int
}

func (s *site) slowed(now time.Time) bool {
	_, full := s.dayFull(now, 0)
	return s.atOnce > 0 || s.perSecond > 0 || now.Before(s.pauseUntil) || full
}

func (s *site) status(key string, now time.Time) Status {
	st := Status{Site: key, AtOnce: s.atOnce, PerSecond: s.perSecond, Refusals: s.refusals, Learned: s.learned}
	if now.Before(s.pauseUntil) {
		st.Until = s.pauseUntil
	}
	if next, full := s.dayFull(now, 0); full {
		st.PerDay, st.Until = s.perDay, next
	}
	return st
}

// ready says whether the site may take one more request now.
func (s *site) ready(now time.Time, active int, l Limits) (bool, time.Time) {
	s.probe(now, l.AtOnce)
	s.perDay = l.PerDay
	if next, full := s.dayFull(now, active); full {
		return false, next
	}
	if now.Before(s.pauseUntil) {
		return false, s.pauseUntil
	}
	if now.Before(s.holdUntil) {
		return false, s.holdUntil
	}
	most := max(l.AtOnce, 1)
	if s.atOnce > 0 {
		most = min(most, s.atOnce)
	}
	if active >= most {
		return false, time.Time{}
	}
	r := s.pace(l.PerSecond)
	if r == 0 {
		s.limiter = nil
		return true, time.Time{}
	}
	if at, full := s.windowFull(now, r); full {
		return false, at
	}
	if s.limiter == nil {
		s.limiter = rate.NewLimiter(rate.Limit(r), 1)
	} else if float64(s.limiter.Limit()) != r {
		s.limiter.SetLimitAt(now, rate.Limit(r))
	}
	res := s.limiter.ReserveN(now, 1)
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return false, now.Add(d)
	}
	return true, time.Time{}
}

// windowFull says the requests started in the last second already reach
// the pace r, counting those sent before the pace was learned (a site
// counts the ones it refused too); it returns when the oldest of them
// leaves the window. Without it, a site that has just refused a burst is
// sent more at once when its wait ends, while its window is still full.
func (s *site) windowFull(now time.Time, r float64) (time.Time, bool) {
	allowed := max(int(r*window.Seconds()), 1)
	from := now.Add(-window)
	var oldest time.Time
	n := 0
	for _, t := range s.starts {
		if t.IsZero() || !t.After(from) || t.After(now) {
			continue
		}
		n++
		if oldest.IsZero() || t.Before(oldest) {
			oldest = t
		}
	}
	if n < allowed {
		return time.Time{}, false
	}
	return oldest.Add(window), true
}

// pace is the rate in force: the lower of the learned and the set one.
func (s *site) pace(set float64) float64 {
	switch {
	case s.perSecond > 0 && set > 0:
		return min(s.perSecond, set)
	case s.perSecond > 0:
		return s.perSecond
	}
	return max(set, 0)
}

// probe raises the learned limits a step after a quiet spell.
func (s *site) probe(now time.Time, userAtOnce int) {
	if s.atOnce == 0 && s.perSecond == 0 || s.nextProbe.IsZero() || now.Before(s.nextProbe) {
		return
	}
	s.keep()
	s.lastProbe = now
	s.nextProbe = now.Add(s.probeEvery)
	if s.atOnce > 0 {
		s.atOnce++
		if s.atOnce >= userAtOnce {
			s.atOnce = 0
		}
	}
	if s.perSecond > 0 {
		s.perSecond *= probeRate
		if s.perSecond >= freeRate {
			s.perSecond = 0
		}
	}
}

// note records one answer in the ring of recent ones.
func (s *site) note(refused bool) {
	s.recent[s.answered%len(s.recent)] = refused
	s.answered++
	if refused {
		s.inARow++
	} else {
		s.inARow = 0
	}
}

// mostlyRefusing says the site refused the last few links in a row, or
// three in four of at least eight recent ones: the way a site that
// throttles answers, unlike one whose links fail each for its own reason.
func (s *site) mostlyRefusing() bool {
	if s.inARow >= inARowThrottling {
		return true
	}
	n := min(s.answered, len(s.recent))
	refused := 0
	for _, r := range s.recent[:n] {
		if r {
			refused++
		}
	}
	return n >= 8 && refused*4 >= n*3
}

// othersArrive says the site's recent answers are mostly successes and
// it has not throttled for a while: a link it refuses over and over is
// refused for itself.
func (s *site) othersArrive(now time.Time) bool {
	if !s.learned.IsZero() && now.Sub(s.learned) < calmFor {
		return false
	}
	n := min(s.answered, len(s.recent))
	ok := 0
	for _, r := range s.recent[:n] {
		if !r {
			ok++
		}
	}
	return ok >= 2 && ok*2 > n
}

// atLimits says a request went while the site was held at limits it
// taught earlier: a refusal then says they are still too high.
func (s *site) atLimits(a Answer) bool {
	return s.atOnce > 0 && a.InFlight >= s.atOnce ||
		s.perSecond > 0 && s.sent(a.Started.Add(-window), a.Started) >= s.perSecond*rateMargin
}

// probeRefused takes back a probe that was met with a refusal, any
// refusal, within its quiet spell, and makes the next spell twice as long;
// it says whether it did.
func (s *site) probeRefused(now time.Time) bool {
	if s.lastProbe.IsZero() || now.Sub(s.lastProbe) >= s.probeEvery {
		return false
	}
	s.atOnce, s.perSecond = s.keptAtOnce, s.keptPerSecond
	s.lastProbe = time.Time{}
	s.probeEvery = min(2*s.probeEvery, longestProbe)
	s.nextProbe = now.Add(s.probeEvery)
	return true
}

// hold sends the site nothing more for as long as a refused request took
// (at most a second): the requests already on their way answer first, and
// tell whether the refusal was the site throttling before more go. Without
// it, each slot a refusal frees goes to the next link at once, into the
// same refusal.
func (s *site) hold(now, started time.Time) {
	if until := now.Add(min(max(now.Sub(started), 0), time.Second)); until.After(s.holdUntil) {
		s.holdUntil = until
	}
}

// succeeded learns from a request the site answered.
func (s *site) succeeded(now time.Time, a Answer) {
	s.note(false)
	s.countFile(now)
	s.refusingSince = time.Time{}
	s.level = max(s.level-1, 0)
	s.addSpan(a.Started, now)
	s.learnFromBurst(now, a)
	s.resolve(now, a.Ticket)
}

// learnFromBurst raises the limits the open burst taught with a success
// of a request sent before it began: one that was answered after the
// refusal shows the site took more than was known when it refused.
func (s *site) learnFromBurst(now time.Time, a Answer) {
	b := &s.burst
	switch {
	case !b.open || a.Ticket >= b.gen:
	case b.atOnce && s.atOnce > 0:
		s.atOnce = max(s.atOnce, s.okAtOnce)
		s.keep()
	case !b.atOnce && s.perSecond > 0:
		b.best = max(b.best, s.letThrough(a.Started.Add(-window), now))
		s.perSecond = max(s.perSecond, b.best*rateMargin)
		s.keep()
	}
}

// addSpan records a successful request and how many were in flight at
// once. Two requests count as in flight together only when the earlier
// one went on for a quarter of the later one's time after it started:
// one that the site let in as the other ended overlaps it a moment here,
// not there.
func (s *site) addSpan(start, end time.Time) {
	if start.IsZero() || start.After(end) {
		start = end
	}
	for i := range s.spans {
		r := &s.spans[i]
		if r.cover > 0 && !r.end.After(end) && r.end.Sub(start)*4 >= end.Sub(start) {
			r.cover++
			s.okAtOnce = max(s.okAtOnce, r.cover)
		}
	}
	s.spans[s.next] = span{start: start, end: end, cover: 1}
	s.next = (s.next + 1) % len(s.spans)
	s.okAtOnce = max(s.okAtOnce, 1)
}

// letThrough counts the successful requests started between from and to,
// per second of window.
func (s *site) letThrough(from, to time.Time) float64 {
	n := 0
	for _, r := range s.spans {
		if r.cover > 0 && !r.start.Before(from) && !r.start.After(to) {
			n++
		}
	}
	return float64(n) / window.Seconds()
}

// started notes a request starting, for telling how fast requests went.
func (s *site) started(now time.Time) {
	s.starts[s.nextStart] = now
	s.nextStart = (s.nextStart + 1) % len(s.starts)
}

// sent counts the requests started between from and to, per second of window.
func (s *site) sent(from, to time.Time) float64 {
	n := 0
	for _, t := range s.starts {
		if !t.IsZero() && !t.Before(from) && !t.After(to) {
			n++
		}
	}
	return float64(n) / window.Seconds()
}

// refused judges a refusal and, when it is throttling, learns from it.
func (s *site) refused(now time.Time, a Answer, maxWait time.Duration, jitter float64) Judgement {
	if a.Kind == Refusal || !a.Again {
		s.note(true)
	}
	if s.refusingSince.IsZero() {
		s.refusingSince = now
	}
	tookBack := s.probeRefused(now)
	if a.Kind != Refusal && !s.mostlyRefusing() && !s.atLimits(a) {
		s.resolve(now, a.Ticket)
		s.hold(now, a.Started)
		return Judgement{Forbidden: a.Again && s.othersArrive(now)}
	}
	s.learn(now, a, jitter, tookBack)
	j := Judgement{Throttled: true, KeptRefusing: now.Sub(s.refusingSince) >= maxWait}
	if now.Before(s.pauseUntil) {
		j.Wait = s.pauseUntil.Sub(now)
	}
	return j
}

// learn lowers the site's limits after a refusal judged throttling. A
// refusal of a request sent before the current burst began belongs to
// that burst; any other starts a burst of its own: how many at once, when
// more were in flight than the site was ever seen to answer together (and
// more than one), else how many a second, with a wait. A burst that
// refused a probe (probe) takes the probe back and lowers nothing more:
// the limits kept from before stand.
func (s *site) learn(now time.Time, a Answer, jitter float64, probe bool) {
	s.refusals++
	if s.burst.open && a.Ticket < s.burst.gen {
		s.burst.refused++
		s.burst.resolved++
		if !s.burst.probe {
			s.apply(now, a)
		}
		s.closeBurst(now)
		return
	}
	s.gen++
	s.burst = burst{open: true, gen: s.gen, size: max(a.InFlight, 1), refused: 1, resolved: 1, at: now,
		atOnce: a.InFlight > max(s.okAtOnce, 1), probe: probe}
	if !probe {
		s.apply(now, a)
	}
	if !s.burst.atOnce {
		s.pause(now, a.RetryAfter, jitter)
	}
	s.probeEvery = max(s.probeEvery, firstProbe)
	s.nextProbe = now.Add(s.probeEvery)
	s.learned = now
	s.closeBurst(now)
}

// keep notes the limits in force as the ones to save.
func (s *site) keep() { s.keptAtOnce, s.keptPerSecond = s.atOnce, s.perSecond }

// apply sets the limit the open burst teaches.
func (s *site) apply(now time.Time, a Answer) {
	defer s.keep()
	b := &s.burst
	if b.atOnce {
		s.atOnce = max(1, s.okAtOnce, b.size-b.refused)
		return
	}
	b.best = max(b.best, s.letThrough(a.Started.Add(-window), now))
	switch {
	case s.perSecond > 0 && s.sent(a.Started.Add(-window), a.Started) < s.perSecond*rateMargin*rateMargin:
		// sent well below the pace: the pace is not what the site refused
	case s.perSecond > 0 && b.best < s.perSecond/2:
		// little or nothing let through in the second before, as after a
		// wait: the site still counts older requests, refused ones too;
		// the pace stands and the wait grows
	case b.best > 0:
		s.perSecond = max(b.best*rateMargin, minPerSecond)
	default:
		s.perSecond = 1
	}
}

// pause leaves the site alone for its Retry-After, else for a short
// jittered wait that grows while refusals go on.
func (s *site) pause(now time.Time, retryAfter time.Duration, jitter float64) {
	d := retryAfter
	if d <= 0 {
		ceiling := longestShortWait
		if s.level < 16 {
			ceiling = min(shortWait<<s.level, longestShortWait)
		}
		d = time.Duration(float64(ceiling) * (0.5 + 0.5*jitter))
		s.level++
	}
	if until := now.Add(d); until.After(s.pauseUntil) {
		s.pauseUntil = until
	}
}

// resolve counts a request of the open burst that came back.
func (s *site) resolve(now time.Time, t Ticket) {
	if s.burst.open && t < s.burst.gen {
		s.burst.resolved++
		s.closeBurst(now)
	}
}

// closeBurst ends the burst once all its requests came back, or after
// burstLongest.
func (s *site) closeBurst(now time.Time) {
	if s.burst.resolved >= s.burst.size || now.Sub(s.burst.at) > burstLongest {
		s.burst.open = false
	}
}

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
