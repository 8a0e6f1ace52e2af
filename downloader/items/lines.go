package items

import (
	"context"
	"net/url"
	"time"

	"haul/downloader/links"
	"haul/downloader/sniff"
	"haul/downloader/throttle"
	"haul/downloader/try"
)

// lines keep one intake's queued items in line, a line per site, and pick
// the next one to start, round-robin over the sites, within the limits
// the sites part sets. The store's lock guards them.
type lines struct {
	byKey map[string]*siteLine
	order []*siteLine
	rr    int
}

// siteLine holds one site's queued items in order.
type siteLine struct {
	key   string
	queue []*Item
	head  int
}

// enqueue puts a Queued item in line behind its site's other items.
func (q *lines) enqueue(it *Item) {
	h := q.byKey[it.host]
	if h == nil {
		h = &siteLine{key: it.host}
		q.byKey[it.host] = h
		q.order = append(q.order, h)
	}
	h.push(it)
}

// pick takes the next queued item from the next site that may start a
// request, round-robin; the sites part says whether a site may, and
// starts the request (ticket). When none may, it returns the earliest time
// one could (zero when only a finishing download can free a slot).
func (q *lines) pick(sites Sites) (*Item, throttle.Ticket, time.Time) {
	var wakeAt time.Time
	n := len(q.order)
	for i := range n {
		h := q.order[(q.rr+i)%n]
		if h.peek() == nil {
			continue
		}
		ticket, ok, at := sites.TryStart(h.key)
		if !ok {
			wakeAt = earlierOf(wakeAt, at)
			continue
		}
		it := h.pop()
		q.rr = (q.rr + i + 1) % n
		return it, ticket, time.Time{}
	}
	return nil, 0, wakeAt
}

// drop forgets the lines of the sites in gone.
func (q *lines) drop(gone map[string]bool) {
	order := q.order[:0]
	for _, h := range q.order {
		if gone[h.key] {
			delete(q.byKey, h.key)
			continue
		}
		order = append(order, h)
	}
	clear(q.order[len(order):])
	q.order = order
	if q.rr >= len(order) {
		q.rr = 0
	}
}

func (h *siteLine) push(it *Item) {
	if it.inQueue {
		return
	}
	it.inQueue = true
	h.queue = append(h.queue, it)
}

// peek returns the next item still Queued, dropping ones that were paused
// or canceled while they waited in line, and leaves it first in line.
func (h *siteLine) peek() *Item {
	for h.head < len(h.queue) {
		it := h.queue[h.head]
		if it.state == Queued {
			return it
		}
		h.queue[h.head] = nil
		h.head++
		it.inQueue = false
	}
	h.compact()
	return nil
}

// pop takes out the item peek found first in line.
func (h *siteLine) pop() *Item {
	it := h.queue[h.head]
	h.queue[h.head] = nil
	h.head++
	it.inQueue = false
	h.compact()
	return it
}

// compact reclaims the consumed front of the line once it is most of it.
func (h *siteLine) compact() {
	if h.head > 64 && h.head*2 > len(h.queue) {
		n := copy(h.queue, h.queue[h.head:])
		clear(h.queue[n:])
		h.queue = h.queue[:n]
		h.head = 0
	}
}

// moveToFront puts a queued item first in its site's line, and its site
// next in turn.
func (q *lines) moveToFront(it *Item) {
	for i, h := range q.order {
		if h.key == it.host && h.take(it) {
			h.head--
			if h.head < 0 {
				h.queue = append([]*Item{nil}, h.queue...)
				h.head = 0
			}
			h.queue[h.head] = it
			it.inQueue = true
			q.rr = i
			return
		}
	}
}

// moveToBack puts a queued item last in its site's line.
func (q *lines) moveToBack(it *Item) {
	if h := q.byKey[it.host]; h != nil && h.take(it) {
		h.push(it)
	}
}

// take takes an item out of the line, when it is in it.
func (h *siteLine) take(it *Item) bool {
	if !it.inQueue {
		return false
	}
	for i := h.head; i < len(h.queue); i++ {
		if h.queue[i] == it {
			h.queue = append(h.queue[:i], h.queue[i+1:]...)
			it.inQueue = false
			return true
		}
	}
	return false
}

// keyOf is the key of the site of a checked link: the one its site's
// line already holds when there is one, so that 100,000 items of one
// site share one string.
func (q *lines) keyOf(u *url.URL) string {
	host := links.SiteKey(u)
	if h := q.byKey[host]; h != nil {
		return h.key
	}
	return host
}

// earlierOf is the earlier of two times, a zero time standing for none.
func earlierOf(a, b time.Time) time.Time {
	if a.IsZero() || !b.IsZero() && b.Before(a) {
		return b
	}
	return a
}

// Pick takes the next queued item, round-robin over the sites, from the
// intakes whose run is on (every intake when all), moves it to Active and
// returns its try's job, with the context the try runs in (ended by the
// user's commands, or by ctx). When no item may start, wakeAt is the
// earliest time one could.
func (s *Store) Pick(ctx context.Context, all bool, limits try.Limits) (t *Tried, j try.Job, wakeAt time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.intakes)
	for i := range n {
		in := s.intakes[(s.rr+i)%n]
		if !all && !in.running {
			continue
		}
		it, ticket, at := in.lines.pick(s.cfg.Sites)
		if it == nil {
			wakeAt = earlierOf(wakeAt, at)
			continue
		}
		s.rr = (s.rr + i + 1) % n
		t, j = s.start(ctx, it, limits)
		j.Ticket = ticket
		return t, j, time.Time{}
	}
	return nil, try.Job{}, wakeAt
}

// start moves a picked item to Active and copies its job; the store's
// lock is held.
func (s *Store) start(ctx context.Context, it *Item, limits try.Limits) (*Tried, try.Job) {
	itemCtx, cancel := context.WithCancelCause(ctx)
	it.cancel = cancel
	now := s.cfg.Now()
	if it.started.IsZero() {
		it.started = now
	}
	it.err, it.retryAt, it.slowedDown = nil, time.Time{}, false
	if it.speed == nil {
		it.speed = &speedMeter{}
	}
	s.setState(it, Active)
	it.holdsSlot = true
	it.attempts++
	j := try.Job{ID: it.id, Link: it.raw, URL: s.secrets.lend(it.raw, it.link()), Dir: s.itemDir(it), Name: it.name,
		Pattern: it.pattern, OwnsPart: it.ownsPart, ETag: it.etag, Modified: it.modified, Validator: it.validator(),
		Total: it.total.Load(), FromPage: it.fromPage, Referer: it.referer, SignedIn: it.signedIn,
		Format: sniff.Format{MIME: it.mime, IsImage: it.isImage, Width: int(it.width), Height: int(it.height)},
		Holes:  it.holes, OneConnection: it.oneConnection, Limits: limits, Started: it.activeAt}
	return &Tried{s: s, it: it, ctx: itemCtx, cancel: cancel}, j
}
