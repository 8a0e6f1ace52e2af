// Package sites is the part of the engine that keeps to each site's
// limits: the download slots (At once, the gate), the slots each site
// holds, the pace and the files a day Haul learned of it or was given
// (package throttle's Book), the connections at once it takes for a file
// fetched in parts, and whether it is down (it never answered and keeps
// refusing connections). One Sites serves every way links come in, so a
// watched page's check and the window's batch to the same site share all
// of it.
//
// Its mu guards each site's slots and what it learned of connections and
// refusals; the Book and the gate have their own locks, taken after it.
// It is taken after the items' lock when both are held, and never waits.
// It never imports the engine.
package sites

import (
	"context"
	"errors"
	"net/url"
	"sync"
	"time"

	"haul/downloader/itemstate"
	"haul/downloader/links"
	"haul/downloader/rules"
	"haul/downloader/throttle"

	"golang.org/x/sync/semaphore"
)

// Config is how the sites part is set up.
type Config struct {
	// Slots is how many downloads run at once, at most MostSlots.
	Slots, MostSlots int
	// MostConnections is the most connections the setting of connections
	// per file takes.
	MostConnections int
	// SiteWait is how long a site may refuse everything before its links fail.
	SiteWait time.Duration
	// Limits are the limits set for a site: its rule's within the user's.
	Limits func(site string) throttle.Limits
	// Running says the engine runs: a split file takes no more
	// connections once it stops.
	Running func() bool
	// Freed is told when a slot is given back, to wake whoever hands out
	// the next ones.
	Freed func()
	// Now is the time.
	Now func() time.Time
}

// Sites is the sites part.
type Sites struct {
	cfg  Config
	gate *gate
	book *throttle.Book

	mu    sync.Mutex
	byKey map[string]*site
}

// site is what the engine keeps of one site (host:port) beyond its Book.
type site struct {
	active int // slots in use: downloads and the extra connections of split files
	// answered says the site answered a request since Haul started;
	// refusals counts the definite failures to connect to it since then,
	// or since the user last retried its links.
	answered bool
	refusals int
	// served says the site gave a file (or a page) since Haul started: a
	// 401 or 403 from a site that never did is a refusal, not a site
	// asking to slow down (see Site.Served).
	served bool
	// fileConns is the most connections at once the site takes for a file
	// fetched in parts, learned when it refused one more.
	fileConns fileConnLimit
}

// New makes the sites part.
func New(c Config) *Sites {
	return &Sites{cfg: c, gate: newGate(c.Slots, c.MostSlots), book: throttle.New(c.SiteWait), byKey: map[string]*site{}}
}

// siteLocked is the state of the site key, made when first asked for.
func (s *Sites) siteLocked(key string) *site {
	h := s.byKey[key]
	if h == nil {
		h = &site{}
		s.byKey[key] = h
	}
	return h
}

// Acquire waits for a free download slot, or for ctx to end.
func (s *Sites) Acquire(ctx context.Context) error { return s.gate.Acquire(ctx) }

// Release gives back a slot Acquire gave that no site took.
func (s *Sites) Release() { s.gate.Release() }

// Resize sets how many downloads run at once; fewer take effect as
// downloads finish.
func (s *Sites) Resize(slots int) { s.gate.resize(slots) }

// SetMaxWait sets how long a site may refuse everything before its links fail.
func (s *Sites) SetMaxWait(d time.Duration) { s.book.SetMaxWait(d) }

// TryStart starts a request to the site key when it may take one more
// now, within its limits lowered to what Haul learned of it: the slot
// (taken with Acquire) becomes the site's, and the ticket says when in the
// site's history of refusals the request started. When it may not, at is
// the earliest time it could (zero when only a finishing download can free
// a slot).
func (s *Sites) TryStart(key string) (ticket throttle.Ticket, ok bool, at time.Time) {
	now := s.cfg.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.siteLocked(key)
	if ok, at := s.book.Ready(key, now, h.active, s.cfg.Limits(key)); !ok {
		return 0, false, at
	}
	h.active++
	return s.book.Start(key, now), true, time.Time{}
}

// Site is one site's side of a try: what it learns of the try, and the
// slots its extra connections take.
type Site struct {
	s   *Sites
	key string
}

// Of is the site key (host:port), for a try on it.
func (s *Sites) Of(key string) Site { return Site{s: s, key: key} }

// Answered records that the site answered a request: it is not down.
func (t Site) Answered() {
	s := t.s
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.siteLocked(t.key)
	h.answered, h.refusals = true, 0
}

// Served says the site gave a file, or a page, since Haul started.
func (t Site) Served() bool {
	s := t.s
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.siteLocked(t.key).served
}

// PassOn gives back the slot of a try whose answer is all in, before its
// file is saved, and tells the site's limits it succeeded: the next
// request is sent while the file is written and synced, not after.
func (t Site) PassOn(a throttle.Answer) {
	s := t.s
	s.mu.Lock()
	h := s.siteLocked(t.key)
	a.Kind, a.InFlight = throttle.Success, h.active
	h.served = true
	s.book.Answer(t.key, s.cfg.Now(), a)
	h.active--
	s.mu.Unlock()
	s.freed()
}

// End gives back the slot of a try that ends while it holds it (held),
// and tells the site's limits how the try went, unless a is nil (told
// already by PassOn); it returns what the limits make of it. InFlight is
// counted here: the site's requests in flight, this one included.
func (t Site) End(held bool, a *throttle.Answer) throttle.Judgement {
	s := t.s
	s.mu.Lock()
	h := s.siteLocked(t.key)
	inFlight := h.active
	if !held {
		inFlight++ // its slot was passed on once its body was in
	}
	if held {
		h.active--
	}
	var j throttle.Judgement
	if a != nil {
		a.InFlight = inFlight
		h.served = h.served || a.Kind == throttle.Success
		j = s.book.Answer(t.key, s.cfg.Now(), *a)
	}
	s.mu.Unlock()
	if held {
		s.freed()
	}
	return j
}

// freed gives a slot back to the gate and wakes whoever hands them out.
func (s *Sites) freed() {
	s.gate.Release()
	if s.cfg.Freed != nil {
		s.cfg.Freed()
	}
}

// A site that has not answered once since Haul started, and whose own
// address refused the connection or was not found at least 8 times since
// the user last queued its links, is down: once one of its links has used
// up its tries, its other links waiting their turn or their next try fail
// at once, instead of each being tried over and over (100,000 links to a
// site that was down made 600,000 connection attempts). Only definite
// answers count: a refused connection, or a name the name servers say does
// not exist. A network that is not up yet (no route, a name server that
// does not answer, a timeout) never judges a site down, nor does a
// redirect to another address that fails. A site that has answered even
// once is never judged down. Retry failed starts the count again.

// UnreachableBeforeDown is how many definite failures to connect must
// happen before a site that never answered can be judged down.
const UnreachableBeforeDown = 8

// Tried counts a try that could not connect to the site, and says whether
// the step that ends it shows the site is down.
func (t Site) Tried(v rules.Verdict, step rules.Step) (down bool) {
	s := t.s
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.siteLocked(t.key)
	unreachable := unreachable(t.key, v)
	if unreachable {
		h.refusals++
	}
	return step.Kind == rules.StepFail && !h.answered && h.refusals >= UnreachableBeforeDown && unreachable
}

// unreachable says a try's failure is the site's own address (key)
// refusing the connection or not existing.
func unreachable(key string, v rules.Verdict) bool {
	e := v.Err
	if e == nil || e.Kind != itemstate.ErrNetwork {
		return false
	}
	definite := e.Reason == itemstate.ReasonRefused || e.Reason == itemstate.ReasonHostUnknown && !v.Retry
	var urlErr *url.Error
	if !definite || !errors.As(e.Err, &urlErr) {
		return false
	}
	u, err := url.Parse(urlErr.URL)
	return err == nil && links.SiteKey(u) == key
}

// Retried starts the count of refusals of the site again: the user
// retried its links, which are judged down again only on new evidence.
func (s *Sites) Retried(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h := s.byKey[key]; h != nil {
		h.refusals = 0
	}
}

// Forget drops what was kept of the sites in gone, which no item uses any
// more.
func (s *Sites) Forget(gone map[string]bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for key := range gone {
		if h := s.byKey[key]; h != nil && h.active == 0 {
			delete(s.byKey, key)
		}
	}
}

// Count is how many sites are kept.
func (s *Sites) Count() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.byKey)
}

// Slowed says the site key asked Haul to slow down or gave its files for
// the day, with when it takes requests again.
func (s *Sites) Slowed(key string, now time.Time) (throttle.Status, bool) {
	return s.book.Slowed(key, now)
}

// Statuses are the sites Haul holds back, with what it learned of them.
func (s *Sites) Statuses(now time.Time) []throttle.Status { return s.book.Statuses(now) }

// Load reads the limits learned of sites from path, kept for a day.
func (s *Sites) Load(path string) error { return s.book.Load(path, s.cfg.Now()) }

// Save writes the limits learned of sites to path.
func (s *Sites) Save(path string) error { return s.book.Save(path, s.cfg.Now()) }

// LearnedConnections is the most connections at once a site took for a
// file fetched in parts, as learned when it refused one more (0 when none
// was learned), of the first site kept.
func (s *Sites) LearnedConnections() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, h := range s.byKey {
		return h.fileConns.most
	}
	return 0
}

// The extra connections of a file fetched in parts from the site take
// slots of their own (see transfer.Slots): At once, and the site's limit,
// lowered to what the site took when it refused one more.

// TryAcquire takes a slot for one more connection when the site and the
// gate have one free now.
func (c Site) TryAcquire() bool {
	s := c.s
	if !s.cfg.Running() {
		return false
	}
	now := s.cfg.Now()
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.byKey[c.key]
	if h == nil {
		return false
	}
	limits := s.cfg.Limits(c.key)
	if most := h.fileConns.at(now, s.cfg.MostConnections); most > 0 {
		limits.AtOnce = min(limits.AtOnce, most)
	}
	if ok, _ := s.book.Ready(c.key, now, h.active, limits); !ok || !s.gate.TryAcquire() {
		return false
	}
	h.active++
	return true
}

// Release gives back a slot TryAcquire gave.
func (c Site) Release() {
	s := c.s
	s.mu.Lock()
	if h := s.byKey[c.key]; h != nil {
		h.active--
	}
	s.mu.Unlock()
	s.freed()
}

// Refused learns that the site takes no more connections at once than it
// has now, until a quiet spell passes (fileconns.go).
func (c Site) Refused() {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if h := s.byKey[c.key]; h != nil {
		h.fileConns.refused(h.active, s.cfg.Now())
	}
}

// gate is a semaphore whose size can change while workers hold it. It is a
// semaphore.Weighted of maxSlots slots (the highest setting) of which the gate itself holds
// the unused ones ("reserved"): growing releases reserved slots, shrinking
// takes them back as running workers finish.
type gate struct {
	maxSlots int64

	sem *semaphore.Weighted

	mu        sync.Mutex
	reserved  int64
	target    int64 // reserved slots wanted: maxSlots - size
	shrinking bool
}

func newGate(size, most int) *gate {
	g := &gate{sem: semaphore.NewWeighted(int64(most)), maxSlots: int64(most)}
	g.sem.TryAcquire(g.maxSlots)
	g.reserved = g.maxSlots
	g.resize(size)
	return g
}

// Acquire waits for a slot or for ctx to end.
func (g *gate) Acquire(ctx context.Context) error { return g.sem.Acquire(ctx, 1) }

// TryAcquire takes a slot when one is free now, and never waits.
func (g *gate) TryAcquire() bool { return g.sem.TryAcquire(1) }

// Release gives a slot back.
func (g *gate) Release() { g.sem.Release(1) }

// resize sets the number of slots; shrinking takes effect as workers finish.
func (g *gate) resize(size int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.target = g.maxSlots - int64(size)
	if g.reserved > g.target {
		g.sem.Release(g.reserved - g.target)
		g.reserved = g.target
	}
	if g.reserved < g.target && !g.shrinking {
		g.shrinking = true
		go g.shrink()
	}
}

// shrink takes slots back one at a time until the gate reaches its target.
// It never blocks for long: the slots it waits for are held by workers,
// which always finish.
func (g *gate) shrink() {
	for {
		g.mu.Lock()
		if g.reserved >= g.target {
			g.shrinking = false
			g.mu.Unlock()
			return
		}
		g.mu.Unlock()
		_ = g.sem.Acquire(context.Background(), 1) // fails only when the context ends
		g.mu.Lock()
		if g.reserved < g.target {
			g.reserved++
		} else {
			g.sem.Release(1)
		}
		g.mu.Unlock()
	}
}
