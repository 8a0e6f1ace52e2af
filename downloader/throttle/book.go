package throttle

import (
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"
)

// Kind is what one answer of a site was, for learning.
type Kind int

// The kinds of answers.
const (
	// Neutral is neither a success nor a refusal: a broken connection,
	// a 404, a try stopped by the user.
	Neutral Kind = iota
	// Success is the site giving what was asked.
	Success
	// Refusal is the site surely asking us to slow down: a 429, or an
	// answer its rule names.
	Refusal
	// Possible is a refusal that may be the site's way of saying slow
	// down: another 4xx than 404 and 410, a 503, or a page where a picture
	// was expected.
	Possible
)

// Limits are the limits set for a site by the user or the site's rule.
type Limits struct {
	// AtOnce is the most requests in flight to the site (at least 1).
	AtOnce int
	// PerSecond is the most requests started a second; 0 is no limit.
	PerSecond float64
	// PerDay is the most files the site gives a day (from midnight to
	// midnight, local time); 0 is no limit.
	PerDay int
}

// Ticket says when, in the site's history of refusals, a request started:
// the refusals of requests sent before the site first refused are one
// burst and teach one lesson.
type Ticket uint32

// Answer is what one request to a site brought.
type Answer struct {
	Kind   Kind
	Ticket Ticket
	// Started is when the request started.
	Started time.Time
	// InFlight is how many requests to the site were in flight when it
	// answered, this one included.
	InFlight int
	// RetryAfter is the site's Retry-After, 0 when it gave none.
	RetryAfter time.Duration
	// Again says the link failed on an earlier try too: a link refused
	// over and over is one link, not many in a row.
	Again bool
}

// Judgement is what the book makes of a refusal.
type Judgement struct {
	// Throttled says the site is asking us to slow down: the item goes
	// back in line without using up a try.
	Throttled bool
	// KeptRefusing says the site has refused everything for longer than
	// the bounded wait: its items fail.
	KeptRefusing bool
	// Wait is how long until the site takes requests again; 0 is as soon
	// as it has room.
	Wait time.Duration
	// Forbidden says a link refused again is refused for itself: its
	// site's other links keep arriving and the site has not throttled
	// lately, so trying it more would only wait for nothing.
	Forbidden bool
}

// Status is what the book knows of a site, for showing.
type Status struct {
	// Site is the site's key (host:port).
	Site string
	// AtOnce and PerSecond are the limits learned; 0 is none.
	AtOnce    int
	PerSecond float64
	// Until is when the site takes requests again, when it asked for a
	// wait or gave its files for the day.
	Until time.Time
	// PerDay is the site's limit of files a day, when it is reached:
	// its links wait until Until, the next day.
	PerDay int
	// Refusals counts the refusals that taught the book.
	Refusals int
	// Learned is when the limits were last lowered.
	Learned time.Time
}

// Book is what Haul knows of every site's limits. Its methods are safe
// for concurrent use; its lock is taken after any of the engine's.
type Book struct {
	mu      sync.Mutex
	sites   map[string]*site
	maxWait time.Duration
	jitter  func() float64
}

// DefaultMaxWait is how long a site may refuse everything before its
// items fail.
const DefaultMaxWait = 10 * time.Minute

// New returns an empty book whose sites may refuse everything for maxWait
// (DefaultMaxWait when 0) before their items fail.
func New(maxWait time.Duration) *Book {
	b := &Book{sites: map[string]*site{}, jitter: rand.Float64}
	b.SetMaxWait(maxWait)
	return b
}

// SetMaxWait changes how long a site may refuse everything (DefaultMaxWait when 0).
func (b *Book) SetMaxWait(d time.Duration) {
	if d <= 0 {
		d = DefaultMaxWait
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.maxWait = d
}

// site returns the site's entry, making it; b.mu is held.
func (b *Book) site(key string) *site {
	s := b.sites[key]
	if s == nil {
		s = &site{}
		b.sites[key] = s
	}
	return s
}

// Ready says whether the site may take one more request now, with active
// in flight; when not, it returns the time worth waking up at (zero when
// only a request ending can help). A true answer counts against the
// site's pace: the caller starts a request.
func (b *Book) Ready(key string, now time.Time, active int, l Limits) (bool, time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.site(key).ready(now, active, l)
}

// Start notes a request starting at now and returns its ticket, to give
// back with its answer.
func (b *Book) Start(key string, now time.Time) Ticket {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.site(key)
	s.started(now)
	return s.gen
}

// Extra notes one more request starting at now within a try that started
// already (the original of a picture asked for): it counts against the
// site's pace, which the next try then waits for, as its own request does.
func (b *Book) Extra(key string, now time.Time) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.site(key)
	s.started(now)
	if s.limiter != nil {
		s.limiter.ReserveN(now, 1)
	}
}

// Answer learns from what a request brought and judges a refusal.
func (b *Book) Answer(key string, now time.Time, a Answer) Judgement {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.site(key)
	switch a.Kind {
	case Success:
		s.succeeded(now, a)
		return Judgement{}
	case Refusal, Possible:
		return s.refused(now, a, b.maxWait, b.jitter())
	}
	s.resolve(now, a.Ticket)
	return Judgement{}
}

// Slowed says whether Haul is holding the site back, and what it learned.
func (b *Book) Slowed(key string, now time.Time) (Status, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.sites[key]
	if s == nil || !s.slowed(now) {
		return Status{}, false
	}
	return s.status(key, now), true
}

// Statuses lists the sites Haul is holding back, by key.
func (b *Book) Statuses(now time.Time) []Status {
	b.mu.Lock()
	defer b.mu.Unlock()
	var list []Status
	for key, s := range b.sites {
		if s.slowed(now) {
			list = append(list, s.status(key, now))
		}
	}
	slices.SortFunc(list, func(x, y Status) int { return strings.Compare(x.Site, y.Site) })
	return list
}
