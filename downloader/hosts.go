package downloader

import (
	"net/url"
	"time"

	"haul/downloader/throttle"
)

// siteQueues is the part of the engine that keeps each site's queued items
// in line and picks the next one to start, round-robin over the sites,
// within the limits its book of sites' limits sets. It has no lock of its
// own: Manager.mu guards it; the book has its own.
type siteQueues struct {
	byKey map[string]*hostQueue
	order []*hostQueue
	rr    int
	book  *throttle.Book
}

// enqueue puts a Queued item in line behind its site's other items.
func (q *siteQueues) enqueue(it *item) {
	h := q.byKey[it.host]
	if h == nil {
		h = &hostQueue{key: it.host}
		q.byKey[it.host] = h
		q.order = append(q.order, h)
	}
	h.push(it)
}

// pick takes the next queued item from the next site that may start a
// request, round-robin; limits are the limits set for a site, which the
// book lowers to what it learned. When none may, it returns the earliest
// time one could (zero when only a finishing download can free a slot).
func (q *siteQueues) pick(now time.Time, limits func(site string) throttle.Limits) (*item, time.Time) {
	var wakeAt time.Time
	n := len(q.order)
	for i := range n {
		h := q.order[(q.rr+i)%n]
		if !h.pending() {
			continue
		}
		ok, at := q.book.Ready(h.key, now, h.active, limits(h.key))
		if !ok {
			wakeAt = earlierOf(wakeAt, at)
			continue
		}
		if it := h.pop(); it != nil {
			q.rr = (q.rr + i + 1) % n
			h.active++
			it.ticket, it.siteTold = q.book.Start(h.key, now), false
			return it, time.Time{}
		}
	}
	return nil, wakeAt
}

// drop forgets the queues of the sites in gone.
func (q *siteQueues) drop(gone map[string]bool) {
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

// hostQueue holds one site's queued items in order and counts its running ones.
type hostQueue struct {
	key    string
	queue  []*item
	head   int
	active int
	// answered says the site answered a request since Haul started;
	// refusals counts the definite failures to connect to it since then,
	// or since the user last retried its links (see sitedown.go).
	answered bool
	refusals int
	// fileConns is the most connections at once the site takes for a file
	// fetched in parts, learned when it refused one more.
	fileConns fileConnLimit
}

func (h *hostQueue) push(it *item) {
	if it.inQueue {
		return
	}
	it.inQueue = true
	h.queue = append(h.queue, it)
}

// pop returns the next item still Queued, dropping ones that were paused or
// canceled while they waited in line.
func (h *hostQueue) pop() *item {
	for h.head < len(h.queue) {
		it := h.queue[h.head]
		h.queue[h.head] = nil
		h.head++
		it.inQueue = false
		if it.state == Queued {
			h.compact()
			return it
		}
	}
	h.compact()
	return nil
}

// compact reclaims the consumed front of the queue once it is most of it.
func (h *hostQueue) compact() {
	if h.head > 64 && h.head*2 > len(h.queue) {
		n := copy(h.queue, h.queue[h.head:])
		clear(h.queue[n:])
		h.queue = h.queue[:n]
		h.head = 0
	}
}

func (h *hostQueue) pending() bool { return h.head < len(h.queue) }

// moveToFront puts a queued item first in its site's line, and its site
// next in turn.
func (q *siteQueues) moveToFront(it *item) {
	for i, h := range q.order {
		if h.key == it.host && h.take(it) {
			h.head--
			if h.head < 0 {
				h.queue = append([]*item{nil}, h.queue...)
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
func (q *siteQueues) moveToBack(it *item) {
	if h := q.byKey[it.host]; h != nil && h.take(it) {
		h.push(it)
	}
}

// take takes an item out of the line, when it is in it.
func (h *hostQueue) take(it *item) bool {
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

// earlierOf is the earlier of two times, a zero time standing for none.
func earlierOf(a, b time.Time) time.Time {
	if a.IsZero() || !b.IsZero() && b.Before(a) {
		return b
	}
	return a
}

// snapshot copies one item, marking a queued item whose site asked us to
// slow down or gave its files for the day, with when the site takes
// requests again.
func (q *siteQueues) snapshot(it *item, now time.Time) ItemSnapshot {
	s := it.snapshot(now)
	if it.state == Queued {
		switch site, slowed := q.book.Slowed(it.host, now); {
		case slowed && site.PerDay > 0:
			s.DayLimit, s.RetryAt = site.PerDay, site.Until
		case slowed:
			s.SlowedDown, s.RetryAt = true, site.Until
		}
	}
	return s
}

// keyOf is the key of the site of a checked link: the one its site's
// queue already holds when there is one, so that 100,000 items of one
// site share one string.
func (q *siteQueues) keyOf(u *url.URL) string {
	host := hostKey(u)
	if h := q.byKey[host]; h != nil {
		return h.key
	}
	return host
}
