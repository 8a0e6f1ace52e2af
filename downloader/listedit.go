package downloader

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"haul/downloader/naming"
)

// ListEdit is the part of the engine that changes the list by hand: it
// takes items off one by one, moves them to the top or the bottom, names
// them before they start and notes where their links were read from. It
// works on the item store and the sites' queues under Manager.mu.
type ListEdit struct{ m *Manager }

// EditList is the hand editing of m's list.
func EditList(m *Manager) ListEdit { return ListEdit{m: m} }

// ErrStarted is matched (with errors.Is) by Rename's error for an item
// whose file has been named already.
var ErrStarted = errors.New("the download has started")

// ErrNoName is matched (with errors.Is) by Rename's error for a name with
// nothing left once made safe for a file name.
var ErrNoName = errors.New("no file name")

// order is the item's rank, twice its ID unless it was moved by hand: a
// move to the bottom goes between the last item and the next one added.
func (it *item) order() int64 {
	if it.rank != 0 {
		return it.rank
	}
	return 2 * int64(it.id)
}

// Remove takes items off the list; files saved stay on disk. An item on
// the way is canceled first (its partial file deleted); one downloading
// stops, and is in pending: call Remove again for it once it is final.
// It returns how many were removed.
func (e ListEdit) Remove(ids ...ID) (removed int, pending []ID) {
	m := e.m
	gone := make(map[ID]bool, len(ids))
	for _, id := range ids {
		it, ok := m.Item(id)
		if !ok {
			continue
		}
		if !it.State.Final() {
			m.controls.Cancel(id)
		}
		gone[id] = true
	}
	removed = m.controls.clearWhere(func(it *item) bool { return gone[it.id] && it.state.Final() })
	m.mu.Lock()
	defer m.mu.Unlock()
	for id := range gone {
		if it := m.store.byID[id]; it != nil {
			pending = append(pending, id)
		}
	}
	return removed, pending
}

// MoveToTop puts items at the top of the list, in the order given, and
// first in their sites' lines: those waiting start before the others.
func (e ListEdit) MoveToTop(ids ...ID) int {
	m := e.m
	m.mu.Lock()
	defer m.mu.Unlock()
	low := int64(0)
	for _, it := range m.store.items {
		low = min(low, it.order())
	}
	n := 0
	for i := len(ids) - 1; i >= 0; i-- {
		it := m.store.byID[ids[i]]
		if it == nil {
			continue
		}
		low -= 2
		it.rank = low
		m.queues.moveToFront(it)
		m.store.touch(it)
		n++
	}
	m.notifyLocked()
	return n
}

// MoveToBottom puts items at the bottom of the list, in the order given,
// and last in their sites' lines.
func (e ListEdit) MoveToBottom(ids ...ID) int {
	m := e.m
	m.mu.Lock()
	defer m.mu.Unlock()
	high := 2 * int64(m.store.nextID)
	for _, it := range m.store.items {
		high = max(high, it.order())
	}
	n := 0
	for _, id := range ids {
		it := m.store.byID[id]
		if it == nil {
			continue
		}
		high++
		it.rank = high
		m.queues.moveToBack(it)
		m.store.touch(it)
		n++
	}
	m.notifyLocked()
	return n
}

// Rename gives an item that has not started the file name it is saved
// under; the extension stays the one the file turns out to have. It fails
// with ErrStarted once the item's file is named, and with ErrNoName for a
// name with nothing in it.
func (e ListEdit) Rename(id ID, name string) error {
	stem := strings.TrimSpace(name)
	if ext := path.Ext(stem); ext != "" && ext != stem {
		stem = strings.TrimSuffix(stem, ext)
	}
	if strings.Trim(stem, "._ ") == "" {
		return fmt.Errorf("rename to %q: %w", name, ErrNoName)
	}
	stem = strings.NewReplacer("{", "(", "}", ")").Replace(naming.Sanitize(stem))
	m := e.m
	m.mu.Lock()
	defer m.mu.Unlock()
	it := m.store.byID[id]
	switch {
	case it == nil:
		return fmt.Errorf("rename item %d: not in the list", id)
	case it.name != "" || it.state == Active || it.state == Done || it.state == Skipped:
		return fmt.Errorf("rename %s: %w", it.raw, ErrStarted)
	}
	it.pattern, it.renamed = stem, true
	m.markDirtyLocked(it)
	m.notifyLocked()
	return nil
}

// Place notes where links were read from, such as the workbook cells
// "Sheet2!B7", by link; it returns how many items of the list it noted.
func (e ListEdit) Place(places map[string]string) int {
	m := e.m
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for link, place := range places {
		key, ok := CanonicalLink(link)
		if it := m.store.byURL[key]; ok && it != nil && it.place != place {
			it.place = place
			m.markDirtyLocked(it)
			n++
		}
	}
	if n > 0 {
		m.notifyLocked()
	}
	return n
}
