package items

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"haul/downloader/links"
	"haul/downloader/naming"
)

// Edit changes the list by hand: it takes items off one by one, moves
// them to the top or the bottom, names them before they start and notes
// where their links were read from. It works on the items and their
// sites' lines under the store's lock.
type Edit struct{ s *Store }

// Edit is the hand editing of the list.
func (s *Store) Edit() Edit { return Edit{s: s} }

// ErrStarted is matched (with errors.Is) by Rename's error for an item
// whose file has been named already.
var ErrStarted = errors.New("the download has started")

// ErrNoName is matched (with errors.Is) by Rename's error for a name with
// nothing left once made safe for a file name.
var ErrNoName = errors.New("no file name")

// Remove takes items off the list; files saved stay on disk. An item on
// the way is canceled first (its partial file deleted); one downloading
// stops, and is in pending: call Remove again for it once it is final.
// It returns how many were removed.
func (e Edit) Remove(ids ...ID) (removed int, pending []ID) {
	s := e.s
	gone := make(map[ID]bool, len(ids))
	for _, id := range ids {
		it, ok := s.Item(id)
		if !ok {
			continue
		}
		if !it.State.Final() {
			s.controls.Cancel(id)
		}
		gone[id] = true
	}
	removed = s.controls.clearWhere(func(it *Item) bool { return gone[it.id] && it.state.Final() })
	s.mu.Lock()
	defer s.mu.Unlock()
	for id := range gone {
		if it := s.byID[id]; it != nil {
			pending = append(pending, id)
		}
	}
	return removed, pending
}

// MoveToTop puts items at the top of the list, in the order given, and
// first in their sites' lines: those waiting start before the others.
func (e Edit) MoveToTop(ids ...ID) int {
	s := e.s
	s.mu.Lock()
	defer s.mu.Unlock()
	low := int64(0)
	for _, it := range s.items {
		low = min(low, it.order())
	}
	n := 0
	for i := len(ids) - 1; i >= 0; i-- {
		it := s.byID[ids[i]]
		if it == nil {
			continue
		}
		low -= 2
		it.rank = low
		it.src.lines.moveToFront(it)
		s.feed.touch(it)
		n++
	}
	s.notifyLocked()
	return n
}

// MoveToBottom puts items at the bottom of the list, in the order given,
// and last in their sites' lines.
func (e Edit) MoveToBottom(ids ...ID) int {
	s := e.s
	s.mu.Lock()
	defer s.mu.Unlock()
	high := 2 * int64(s.nextID)
	for _, it := range s.items {
		high = max(high, it.order())
	}
	n := 0
	for _, id := range ids {
		it := s.byID[id]
		if it == nil {
			continue
		}
		high++
		it.rank = high
		it.src.lines.moveToBack(it)
		s.feed.touch(it)
		n++
	}
	s.notifyLocked()
	return n
}

// Rename gives an item that has not started the file name it is saved
// under; the extension stays the one the file turns out to have. It fails
// with ErrStarted once the item's file is named, and with ErrNoName for a
// name with nothing in it.
func (e Edit) Rename(id ID, name string) error {
	stem := strings.TrimSpace(name)
	if ext := path.Ext(stem); ext != "" && ext != stem {
		stem = strings.TrimSuffix(stem, ext)
	}
	if strings.Trim(stem, "._ ") == "" {
		return fmt.Errorf("rename to %q: %w", name, ErrNoName)
	}
	stem = strings.NewReplacer("{", "(", "}", ")").Replace(naming.Sanitize(stem))
	s := e.s
	s.mu.Lock()
	defer s.mu.Unlock()
	it := s.byID[id]
	switch {
	case it == nil:
		return fmt.Errorf("rename item %d: not in the list", id)
	case it.name != "" || it.state == Active || it.state == Done || it.state == Skipped:
		return fmt.Errorf("rename %s: %w", it.raw, ErrStarted)
	}
	it.pattern, it.renamed = stem, true
	s.markDirty(it)
	s.notifyLocked()
	return nil
}

// Place notes where links were read from, such as the workbook cells
// "Sheet2!B7", by link; it returns how many items of the list it noted.
func (e Edit) Place(places map[string]string) int {
	s := e.s
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for link, place := range places {
		key, ok := links.Canonical(link)
		if it := s.byURL[key]; ok && it != nil && it.place != place {
			it.place = place
			s.markDirty(it)
			n++
		}
	}
	if n > 0 {
		s.notifyLocked()
	}
	return n
}
