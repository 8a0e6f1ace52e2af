// Package items is the part of the engine that holds the list: the items
// and their fields, each site's line of queued items per intake, the one
// state table every move goes through, the change feed the window reads
// (SnapshotSince), the totals Summary reads, the pictures saved (found
// again by their sha256), the passwords links came with, and the user's
// commands on the list (Controls, Edit). A try reaches its item through a
// Tried, the item's side of the try's ports.
//
// One lock, Store.mu, guards all of it. It is taken before the locks of
// the names, the sites and the journal when both are held, never after,
// and never while waiting for the disk or the network. The package never
// imports the engine.
package items

import (
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"haul/downloader/disk"
	"haul/downloader/itemstate"
	"haul/downloader/links"
	"haul/downloader/throttle"
)

// Names is the naming part, as the list tells it which names its items
// hold.
type Names interface {
	Hold(dir, name string, id ID)
	Release(dir, name string, id ID)
	// Renumber forgets where numbering went on from.
	Renumber()
	// BatchOver forgets what the folders held: no item downloads or waits.
	BatchOver()
}

// Sites is the sites part, as the list starts its items and reads what
// the sites said.
type Sites interface {
	TryStart(key string) (throttle.Ticket, bool, time.Time)
	Retried(key string)
	Forget(gone map[string]bool)
	Slowed(key string, now time.Time) (throttle.Status, bool)
	Statuses(now time.Time) []throttle.Status
}

// Journal is told of every change to write down.
type Journal interface {
	// Changed queues an item whose dirty flag was just set.
	Changed(it *Item)
	// Gone queues the removal of a link taken off the list.
	Gone(link string)
}

// Config is how the list is set up.
type Config struct {
	// Dir is the output folder of the items that have not started yet.
	Dir string
	// MaxLinks is the most items the list holds, finished ones included.
	MaxLinks int
	// ChoosePagePictures says the app lets the user choose among the
	// pictures of a link that turned out to be a page; otherwise every one
	// is queued.
	ChoosePagePictures bool
	// Placement is where the pictures of a page go, as set now.
	Placement func() Placement
	Now       func() time.Time
	Names     Names
	Sites     Sites
	Disk      *disk.Disk
	// Wake is signalled when an item may start: whoever hands the slots
	// out looks again.
	Wake chan struct{}
}

// Store is the list.
type Store struct {
	cfg     Config
	journal Journal

	mu      sync.Mutex
	cond    *sync.Cond
	changed chan struct{}
	dir     string
	items   []*Item
	byID    map[ID]*Item
	byURL   map[string]*Item
	counts  [itemstate.NumStates]int
	feed    feed
	// RemovalCap is how many removals the feed keeps (maxRemovals),
	// lowered by tests.
	RemovalCap int
	nextID     ID // the id of the last item made
	// noted finds the items by the sum of their link, for the files whose
	// note holds only that (see Listed); made when first asked for, and
	// again once links were added or removed (linksRev counts them).
	noted             map[disk.LinkSum]struct{}
	notedAt, linksRev uint64
	// main is the list's own intake; intakes holds it and those of the
	// ways in with runs of their own (watched pages), rr the one whose
	// turn is next.
	main    *Intake
	intakes []*Intake
	rr      int

	received atomic.Int64 // bytes received over all items, for the total speed
	meter    speedMeter   // sampled when the summary is read

	pictures pictureIndex
	steps    steps
	failures sharedFailures
	secrets  linkSecrets
	signIns  signIns
	controls Controls
}

// New makes an empty list.
func New(c Config) *Store {
	s := &Store{cfg: c, dir: c.Dir, changed: make(chan struct{}, 1), byID: map[ID]*Item{}, byURL: map[string]*Item{},
		RemovalCap: maxRemovals, failures: sharedFailures{}}
	s.feed.active = map[*Item]struct{}{}
	s.pictures = pictureIndex{s: s, byHash: map[string]*Item{}}
	s.steps.s = s
	s.cond = sync.NewCond(&s.mu)
	s.main = newIntake(s, "", false)
	s.intakes = []*Intake{s.main}
	s.controls.s = s
	return s
}

// SetJournal sets where the changes are written down.
func (s *Store) SetJournal(j Journal) { s.journal = j }

// Dir is the output folder of the items that have not started yet.
func (s *Store) Dir() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dir
}

// SetDir changes the output folder of the items that have not started
// yet; items already under way finish where they began.
func (s *Store) SetDir(dir string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dir = dir
}

// Changes delivers a signal (coalesced) after items are added or change state.
func (s *Store) Changes() <-chan struct{} { return s.changed }

// Main is the list's own intake: links added by hand, pasted, from files,
// from the picker and from the browser.
func (s *Store) Main() *Intake { return s.main }

// Controls are the user's commands on the items.
func (s *Store) Controls() *Controls { return &s.controls }

// Notify wakes whoever waits for the list: the run started or stopped.
func (s *Store) Notify() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cond.Broadcast()
	s.notifyLocked()
}

// notifyLocked wakes whoever hands the slots out and anyone watching
// Changes, and Wait when no item is Active: while one is, Wait goes on
// waiting whatever changed, and waking it for every item saved would cost
// a wake-up and the lock each time.
func (s *Store) notifyLocked() {
	if s.counts[Active] == 0 {
		s.cond.Broadcast()
	}
	select {
	case s.cfg.Wake <- struct{}{}:
	default:
	}
	select {
	case s.changed <- struct{}{}:
	default:
	}
}

// add queues links into the intake in; page, when set, is the web page
// they were found on. The store's lock is held.
func (s *Store) add(in *Intake, raws []string, page string) ([]ID, []Rejected) {
	var ids []ID
	var rejected []Rejected
	for _, raw := range raws {
		raw = strings.TrimSpace(raw)
		u, reason := links.Check(raw)
		if reason != "" {
			rejected = append(rejected, Rejected{URL: raw, Reason: reason})
			continue
		}
		key, user := links.Key(raw, u)
		had := s.byURL[key]
		if had == nil && len(s.items) >= s.cfg.MaxLinks {
			rejected = append(rejected, Rejected{URL: raw, Reason: links.ReasonListFull})
			continue
		}
		s.secrets.keep(key, user)
		if had != nil && in.takesAgain(had) && s.controls.retry(had) {
			ids = append(ids, had.id)
			continue
		}
		if had != nil {
			rejected = append(rejected, Rejected{URL: raw, Reason: links.ReasonDuplicate, Duplicate: true})
			continue
		}
		it := s.newItem(key, in.lines.keyOf(u), in)
		it.fromPage, it.referer, it.signedIn = page != "", page, s.signIns.has(page)
		s.insert(it)
		in.lines.enqueue(it)
		s.markDirty(it)
		ids = append(ids, it.id)
	}
	if len(ids) > 0 {
		s.notifyLocked()
	}
	return ids, rejected
}

// newItem makes the item of a checked link under key, of the site host,
// in the intake in.
func (s *Store) newItem(key, host string, in *Intake) *Item {
	s.nextID++
	it := newItem(s.nextID, key, host, in)
	if in.dir != "" {
		it.dir = in.dir
	}
	in.added(it)
	return it
}

// insert puts a new item at the end of the list, holding its file name
// when it has one.
func (s *Store) insert(it *Item) {
	if it.name != "" {
		s.cfg.Names.Hold(it.dir, it.name, it.id)
	}
	s.items = append(s.items, it)
	s.byID[it.id] = it
	s.byURL[it.raw] = it
	s.linksRev++
	s.counts[it.state]++
	it.src.entered(it.state)
	s.feed.touch(it)
}

// setState moves an item and keeps the counts in step. A move that the
// state table does not list is refused: it changes nothing and returns
// the error saying so.
func (s *Store) setState(it *Item, st State) error {
	if err := checkMove(it.state, st, live); err != nil || it.state == st {
		return err
	}
	s.move(it, st)
	if st.Final() && s.counts[Active]+s.counts[Queued]+s.counts[Waiting] == 0 {
		s.cfg.Names.BatchOver() // the batch is over: the next one reads its folders afresh
	}
	it.held = it.held && st == Paused
	it.forgotten = it.forgotten && st.Final()
	if st.Final() {
		it.finished = s.cfg.Now()
	}
	if st == Active {
		it.activeAt, it.yielding = s.cfg.Now(), false
	}
	s.markDirty(it)
	s.notifyLocked()
	return nil
}

// move counts the item in its new state and keeps the set of downloading
// items in step; the state table has allowed the move.
func (s *Store) move(it *Item, to State) {
	s.counts[it.state]--
	s.counts[to]++
	it.src.count(it.state, to)
	s.feed.trackActive(it, it.state, to)
	it.state = to
}

// requeue sends a Waiting, Paused or stopped item back in line.
func (s *Store) requeue(it *Item) {
	it.stopTimer()
	if s.setState(it, Queued) == nil {
		it.src.lines.enqueue(it)
	}
}

// markDirty notes that the item changed and must be written to the journal.
func (s *Store) markDirty(it *Item) {
	s.feed.touch(it)
	if it.dirty {
		return
	}
	it.dirty = true
	s.journal.Changed(it)
}

// Listed says an item of the list has the link the note t names.
func (s *Store) Listed(t disk.Tag) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !t.Compact() {
		key, ok := links.Canonical(t.Link)
		_, held := s.byURL[key]
		return ok && held
	}
	if s.noted == nil || s.notedAt != s.linksRev {
		s.noted = make(map[disk.LinkSum]struct{}, len(s.byURL))
		for link := range s.byURL {
			s.noted[disk.SumOfLink(link)] = struct{}{}
		}
		s.notedAt = s.linksRev
	}
	_, held := s.noted[t.LinkSum()]
	return held
}

// StopRun sends every Waiting item back in line: the run stopped.
func (s *Store) StopRun() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, it := range s.items {
		if it.state == Waiting {
			s.requeue(it)
		}
	}
	s.notifyLocked()
}

// Wait blocks until no item is Active and, while running says the run is
// on, none is Queued or Waiting either, and returns the summary.
func (s *Store) Wait(running func() bool) Summary {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.counts[Active] > 0 || running() && s.counts[Queued]+s.counts[Waiting] > 0 {
		s.cond.Wait()
	}
	return s.summaryLocked(running())
}

// Downloading is how many items download now, for the disk part's group
// sync (how many files may ask for a sync at once).
func (s *Store) Downloading() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.feed.active)
}

// YieldBeyond sends running downloads beyond limit back to the queue,
// the most recently added first; each keeps its temporary file and
// resumes when a slot is free again. Files already received and being
// saved hold no download slot and are left to finish. It returns how many
// it sent back.
func (s *Store) YieldBeyond(limit int, cause error) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	running := 0
	for _, it := range s.items {
		if it.downloading() {
			running++
		}
	}
	yielded := 0
	for i := len(s.items) - 1; i >= 0 && running > limit; i-- {
		it := s.items[i]
		if it.downloading() {
			it.yielding = true
			it.cancel(cause)
			running--
			yielded++
		}
	}
	s.notifyLocked()
	return yielded
}

// itemDir is the folder an item starting now is saved in.
func (s *Store) itemDir(it *Item) string {
	if it.dir == "" {
		it.dir = filepath.Join(s.dir, it.subdir)
	}
	return it.dir
}

// maxSharedFailures bounds the distinct failures items share copies of.
const maxSharedFailures = 4096

// sharedFailures keeps one copy of each failure items share.
type sharedFailures map[ItemError]*ItemError

// keep is the failure as an item keeps it: its kind and parameters
// without the underlying error, which holds on to the request's and the
// connection's details (40 MB for 100,000 links to a site that is down),
// and one copy for all the items that failed the same way. Items never
// change a failure they keep.
func (f sharedFailures) keep(e *ItemError) *ItemError {
	if e == nil {
		return nil
	}
	return f.share(*e)
}

// share is keep for a failure given by value: nothing is allocated when
// an item fails like one before it.
func (f sharedFailures) share(e ItemError) *ItemError {
	e.Err = nil
	if shared, ok := f[e]; ok {
		return shared
	}
	kept := &e
	if len(f) < maxSharedFailures {
		f[e] = kept
	}
	return kept
}

// Kept is what the list keeps besides its items: the pictures it knows by
// their sha256, and its sites' lines.
func (s *Store) Kept() (pictures, lines int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, in := range s.intakes {
		lines += len(in.lines.order)
	}
	return len(s.pictures.byHash), lines
}

// The journal (package journal) writes the items that changed, a chunk at
// a time, as records taken under the store's lock.

// Written takes the records of the items of a chunk the journal writes
// that are still in the list, and marks them written.
func (s *Store) Written(items []*Item) []Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Record, 0, len(items))
	for _, it := range items {
		it.dirty = false
		if s.byID[it.id] == it {
			out = append(out, it.record())
		}
	}
	return out
}

// Unwritten marks again the items a failed journal write carried, and the
// items of removed links that were added again since (written after their
// removal), and returns them.
func (s *Store) Unwritten(unwritten []*Item, unremoved []string) []*Item {
	s.mu.Lock()
	defer s.mu.Unlock()
	var again []*Item
	keep := func(it *Item) {
		if it != nil && !it.dirty && s.byID[it.id] == it {
			it.dirty = true
			again = append(again, it)
		}
	}
	for _, it := range unwritten {
		keep(it)
	}
	for _, raw := range unremoved {
		keep(s.byURL[raw])
	}
	return again
}

// Records returns every item as a Record, in list order.
func (s *Store) Records() []Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Record, len(s.items))
	for i, it := range s.items {
		out[i] = it.record()
	}
	return out
}

// canMove reports whether an item may go from one state to another at the moment when.
func canMove(from, to State, when moment) bool {
	if from < 0 || int(from) >= itemstate.NumStates || to < 0 || int(to) >= itemstate.NumStates {
		return false
	}
	return allowed[when][from][to]
}

// moveError is a move of an item the state table does not list. The
// engine never asks for one: each is a bug, and the engine's tests fail
// when one happens.
type moveError struct {
	from, to State
	when     moment
}

func (e *moveError) Error() string {
	return fmt.Sprintf("refused move of an item from %s to %s (%s): the state table does not list it", e.from, e.to, e.when)
}

// refusedMoves counts the moves the table refused since the program
// started; the engine's tests fail when any happened.
var refusedMoves atomic.Int64

// checkMove is nil when the table lists the move (or there is no move),
// else a *moveError, counted.
func checkMove(from, to State, when moment) error {
	if from == to || canMove(from, to, when) {
		return nil
	}
	refusedMoves.Add(1)
	return &moveError{from: from, to: to, when: when}
}

// startState is next when the table lets a restored item move there from
// its saved state at the moment when; a refused move leaves it Queued, to
// be downloaded again.
func startState(saved, next State, when moment) State {
	if checkMove(saved, next, when) != nil {
		return Queued
	}
	return next
}

// RefusedMoves is how many moves the table refused since the program
// started; the engine's tests fail when any happened.
func RefusedMoves() int64 { return refusedMoves.Load() }

// onTheWay says an item in state st is on its way: Queued, Active or Waiting.
func onTheWay(st State) bool { return st == Queued || st == Active || st == Waiting }

// count keeps the intake's items on the way counted as one moves.
func (in *Intake) count(from, to State) {
	switch {
	case onTheWay(from) == onTheWay(to):
	case onTheWay(to):
		in.left++
	default:
		in.left--
		if in.left == 0 && in.running {
			in.s.cond.Broadcast()
		}
	}
}

// entered counts a new item of the intake in state st.
func (in *Intake) entered(st State) {
	if onTheWay(st) {
		in.left++
	}
}
