package items

import (
	"errors"
	"io/fs"
	"strings"
	"time"

	"haul/downloader/links"
	"haul/downloader/try"
)

// Controls are the user's commands on items: pause, resume, cancel and
// try again, one item or all; clear the finished ones; the schedule's
// hold and release (which resumes only what it paused); and the links
// found again on a page or taken out of the download archive. They own no
// state: each command takes the store's lock and moves items through the
// state table; a canceled item's temporary file is removed after the lock
// is let go (see removeDroppedPart).
type Controls struct{ s *Store }

// Pause stops an item at once and keeps its temporary file; Resume
// continues it. It reports whether the item was pausable.
func (c *Controls) Pause(id ID) bool {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	it := s.byID[id]
	return it != nil && c.pauseByHand(it)
}

// pauseByHand pauses one item at the user's word: one the schedule held
// is the user's to resume from now on. The store's lock is held.
func (c *Controls) pauseByHand(it *Item) bool {
	if it.held {
		it.held = false
		c.s.markDirty(it)
	}
	return c.pause(it)
}

// pause pauses one item; the store's lock is held.
func (c *Controls) pause(it *Item) bool {
	switch it.state {
	case Active:
		it.cancel(try.ErrPaused)
		return true
	case Queued, Waiting:
		it.stopTimer()
		c.s.setState(it, Paused)
		return true
	}
	return false
}

// Resume queues a paused item again.
func (c *Controls) Resume(id ID) bool {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	it := s.byID[id]
	if it == nil || it.state != Paused {
		return false
	}
	s.requeue(it)
	return true
}

// Cancel ends an item for good (until Retry) and removes its temporary file.
func (c *Controls) Cancel(id ID) bool {
	s := c.s
	s.mu.Lock()
	it := s.byID[id]
	if it == nil {
		s.mu.Unlock()
		return false
	}
	switch it.state {
	case Active:
		it.cancel(try.ErrCanceled)
		s.mu.Unlock()
		return true
	case Queued, Waiting, Paused:
		it.stopTimer()
		part := it.dropPart()
		s.setState(it, Canceled)
		s.mu.Unlock()
		c.removeDroppedPart(it, part)
		return true
	}
	s.mu.Unlock()
	return false
}

// removeDroppedPart deletes a canceled item's temporary file outside the
// store's lock, while no temporary file is created. A file that cannot
// be removed stays the item's, for as long as it is canceled, so that it
// is removed on the next start.
func (c *Controls) removeDroppedPart(it *Item, part string) {
	if part == "" {
		return
	}
	s := c.s
	err := s.cfg.Disk.Remove(part)
	s.mu.Lock()
	defer s.mu.Unlock()
	if it.state != Canceled || it.ownsPart || it.partPath() != part {
		return // tried again meanwhile
	}
	if err == nil || errors.Is(err, fs.ErrNotExist) {
		it.bytes.Store(0)
		s.feed.touch(it)
		return
	}
	it.ownsPart = true
	s.markDirty(it)
}

// Retry queues a Failed or Canceled item again with a fresh count of tries.
func (c *Controls) Retry(id ID) bool {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	it := s.byID[id]
	return it != nil && c.retry(it)
}

// retry queues one item again; the store's lock is held.
func (c *Controls) retry(it *Item) bool {
	switch {
	case it.forgotten:
		c.fetchAgain(it)
	case it.state != Failed && it.state != Canceled:
		return false
	}
	it.failures, it.failedWith, it.throttled, it.shortages, it.err, it.finished = 0, 0, 0, 0, nil, time.Time{}
	c.s.cfg.Sites.Retried(it.host) // judged down again only on new evidence
	c.s.requeue(it)
	return true
}

// PauseAll pauses every item that is not finished; it returns how many.
func (c *Controls) PauseAll() int {
	return c.each(c.pauseByHand)
}

// ResumeAll queues every paused item again; it returns how many.
func (c *Controls) ResumeAll() int {
	return c.each(func(it *Item) bool {
		if it.state != Paused {
			return false
		}
		c.s.requeue(it)
		return true
	})
}

// RetryFailed queues every failed item again; it returns how many.
func (c *Controls) RetryFailed() int {
	return c.each(func(it *Item) bool { return it.state == Failed && c.retry(it) })
}

// HoldAll pauses every item that is not finished for the schedule, and
// notes each as held; it returns how many it paused. Items the user
// paused stay the user's: ReleaseHeld resumes only the held ones.
func (c *Controls) HoldAll() int {
	return c.each(func(it *Item) bool {
		if !c.pause(it) {
			return false
		}
		it.held = true
		c.s.markDirty(it)
		return true
	})
}

// ReleaseHeld queues again the items HoldAll paused that are still
// paused, and no other; it returns how many.
func (c *Controls) ReleaseHeld() int {
	return c.each(func(it *Item) bool {
		if !it.held || it.state != Paused {
			return false
		}
		c.s.requeue(it)
		return true
	})
}

// each calls f on every item with the store's lock held and counts the
// items it says it changed.
func (c *Controls) each(f func(*Item) bool) int {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, it := range s.items {
		if f(it) {
			n++
		}
	}
	return n
}

// ClearFinished removes Done, Skipped and Canceled items from the list
// (files on disk stay); it returns how many were removed. Failed items
// stay, with what went wrong and their Retry, until they are retried or
// removed one by one.
func (c *Controls) ClearFinished() int {
	return c.clearWhere(func(it *Item) bool { return it.state.Final() && it.state != Failed })
}

// ClearFailed removes the Failed items from the list (what they saved of
// their files stays on disk); it returns how many were removed.
func (c *Controls) ClearFailed() int {
	return c.clearWhere(func(it *Item) bool { return it.state == Failed })
}

// clearWhere removes the items gone says, all of them final; it returns
// how many were removed.
func (c *Controls) clearWhere(gone func(*Item) bool) int {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	kept := s.items[:0]
	rev := s.feed.rev + 1
	hit := map[string]bool{}
	for _, it := range s.items {
		if !gone(it) {
			kept = append(kept, it)
			continue
		}
		hit[it.host] = true
		c.remove(it, rev)
	}
	removed := len(s.items) - len(kept)
	clear(s.items[len(kept):])
	s.items = kept
	if removed == 0 {
		return 0
	}
	s.feed.rev = rev
	c.pruneHosts(hit)
	s.cfg.Names.Renumber()
	s.notifyLocked()
	return removed
}

// remove forgets an item taken off the list at revision rev; the store's
// lock is held.
func (c *Controls) remove(it *Item, rev uint64) {
	s := c.s
	s.journal.Gone(it.raw)
	s.counts[it.state]--
	delete(s.byID, it.id)
	delete(s.byURL, it.raw)
	s.linksRev++
	s.secrets.forget(it.raw)
	if it.name != "" {
		s.cfg.Names.Release(it.dir, it.name, it.id)
	}
	s.pictures.forget(it)
	s.feed.forget(it, rev, s.RemovalCap)
}

// pruneHosts drops the sites among hit that no item in the list uses any
// more, with what was kept of them; a site with no item left has nothing
// downloading or waiting in line.
func (c *Controls) pruneHosts(hit map[string]bool) {
	s := c.s
	for _, it := range s.items {
		if len(hit) == 0 {
			return
		}
		delete(hit, it.host)
	}
	if len(hit) == 0 {
		return
	}
	for _, in := range s.intakes {
		in.lines.drop(hit)
	}
	s.cfg.Sites.Forget(hit)
}

// Revive tries the failed items of links again now that they were found
// on page: each takes page as its Referer, as if found there first, and
// goes back in line with the cookies and settings in force. It returns how
// many went back. Links not in the list, or neither failed nor forgotten
// (see Forgotten), are left alone.
func (c *Controls) Revive(page string, raws ...string) int {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, raw := range raws {
		raw = strings.TrimSpace(raw)
		u, reason := links.Check(raw)
		if reason != "" {
			continue
		}
		key, user := links.Key(raw, u)
		s.secrets.keep(key, user)
		it := s.byURL[key]
		if it == nil || (it.state != Failed && !it.forgotten) {
			continue
		}
		if page != "" {
			it.fromPage, it.referer, it.signedIn = true, page, s.signIns.has(page)
		}
		if c.retry(it) {
			s.markDirty(it)
			n++
		}
	}
	return n
}

// Forgotten notes that the links of items were taken out of the download
// archive: each of them that is saved or skipped (Done or Skipped) may be
// fetched again, by Retry or by adding its link again, which otherwise
// would be refused as a duplicate of the item itself. It returns how many
// it noted.
func (c *Controls) Forgotten(ids ...ID) int {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, id := range ids {
		it := s.byID[id]
		if it == nil || (it.state != Done && it.state != Skipped) || it.forgotten {
			continue
		}
		it.forgotten = true
		s.markDirty(it)
		n++
	}
	if n > 0 {
		s.notifyLocked()
	}
	return n
}

// fetchAgain makes a forgotten item a new download of its link, into the
// folder it was saved in: it lets go of its file's name and picture, and
// what it knew of the file, before it is queued. The file it saved stays
// on disk, and the folder's rule for a file already there applies to it.
// The store's lock is held.
func (c *Controls) fetchAgain(it *Item) {
	s := c.s
	if it.name != "" {
		s.cfg.Names.Release(it.dir, it.name, it.id)
	}
	s.pictures.forget(it)
	it.forgotten = false
	it.name, it.path, it.note, it.hash, it.mime = "", "", nil, "", ""
	it.etag, it.modified, it.reached, it.holes = "", "", 0, nil
	it.isImage, it.width, it.height, it.status = false, 0, 0, 0
	it.bytes.Store(0)
	it.total.Store(-1)
}
