package downloader

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"haul/downloader/disk"
	"haul/downloader/links"
	"haul/downloader/names"
	"haul/downloader/network"
	"haul/downloader/openfiles"
	"haul/downloader/throttle"
)

// Manager owns a queue of items and the workers that download them. All its
// methods are safe for concurrent use; the GUI and the CLI pull Snapshots.
type Manager struct {
	opts Options
	now  func() time.Time
	disk *disk.Disk // writes the files: creates, syncs, commits

	gate     *gate
	names    *names.Names // the naming part: the file names items hold
	secrets  linkSecrets  // the passwords links came with, in memory only
	rates    *network.Rates
	wake     chan struct{}
	changed  chan struct{}
	received atomic.Int64 // bytes received over all items, for the total speed
	meter    speedMeter   // sampled when the summary is read

	mu      sync.Mutex
	cond    *sync.Cond
	dir     string
	limits  Limits
	store   itemStore  // the items, guarded by mu
	queues  siteQueues // each site's queued items, guarded by mu
	running bool
	stop    context.CancelCauseFunc
	runDone chan struct{}
	workers sync.WaitGroup

	controls Controls  // the user's commands on the items
	saved    SavedList // the list as the journal keeps it
	intake   Intake    // the links found on web pages
	net      *Network  // the way to the sites: client, cookies, proxy, site rules
	journal  journalWriter
	pictures pictures       // the pictures saved, to find identical ones
	failures sharedFailures // one copy of each failure items share
	// archive is the download archive, asked before each download and
	// told each file saved (remembered.go).
	archive remembered
	// files is what the open-file limit lets run at once: downloads and syncs.
	files openfiles.Budget
}

// maxCommits bounds the files being synced to disk at once. Each one holds
// an open file. A group sync has a fixed cost (a journal commit and a disk
// flush), so the more files wait together, the fewer syncs cover them all.
const maxCommits = 256

// Rejected is a link that Add did not queue, with the reason.
type Rejected struct {
	URL    string
	Reason links.Reason
	// Duplicate says the link is already in the queue (not an error).
	Duplicate bool
}

// New makes a Manager; nothing runs until Start.
func New(opts Options) *Manager {
	opts = opts.withDefaults()
	files := openfiles.For(openfiles.Limit(), MaxConcurrency, maxCommits)
	m := &Manager{
		opts:     opts,
		now:      time.Now,
		files:    files,
		gate:     newGate(min(opts.Concurrency, files.Downloads)),
		rates:    network.NewRates(opts.RequestsPerSec, opts.BytesPerSec),
		wake:     make(chan struct{}, 1),
		changed:  make(chan struct{}, 1),
		limits:   opts.Limits,
		dir:      opts.Dir,
		store:    newItemStore(),
		queues:   siteQueues{byKey: map[string]*hostQueue{}, book: throttle.New(opts.SiteWait)},
		failures: sharedFailures{},
		archive:  remembered{opts.Archive},
	}
	m.cond = sync.NewCond(&m.mu)
	m.controls.m, m.saved.m, m.intake.m = m, m, m
	m.journal.after, m.journal.records, m.journal.putBack = flushDelay, m.saved.dirtyRecords, m.saved.unwrittenItems
	m.disk = disk.New(files.Syncs, func() int {
		m.mu.Lock()
		defer m.mu.Unlock()
		return len(m.store.active)
	})
	m.names = names.New(m.disk, func(t disk.Tag) bool {
		m.mu.Lock()
		defer m.mu.Unlock()
		return m.store.holdsNoted(t)
	})
	m.pictures = pictures{mu: &m.mu, store: &m.store, names: m.names, byHash: map[string]*item{}}
	nc := opts.network()
	nc.SitesChanged = func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		m.notifyLocked()
	}
	m.net = network.New(nc, m.rates)
	if opts.LearnedLimits != "" {
		_ = m.queues.book.Load(opts.LearnedLimits, m.now()) // a file that cannot be read only means learning again
	}
	return m
}

// Dir is the output folder for items that have not started yet.
func (m *Manager) Dir() string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.dir
}

// SetDir changes the output folder for items that have not started yet;
// items already under way finish where they began.
func (m *Manager) SetDir(dir string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.dir = dir
}

// Add queues links. Links that are not http(s), cannot be parsed or are
// already in the queue come back as Rejected, each with a reason; a
// finished item whose link was forgotten (see Controls.Forgotten) is
// queued again instead, and its ID returned. Once the list holds
// Options.MaxLinks items (links.MaxRunLinks), finished ones included as
// the window counts them, a new link is Rejected as links.ReasonListFull
// (see ListFull); clearing items makes room. Every way of adding links
// (Intake's too) meets this cap.
func (m *Manager) Add(links ...string) ([]ID, []Rejected) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.addLocked(links, "")
}

// addLocked queues links; page, when set, is the web page they were found on.
func (m *Manager) addLocked(raws []string, page string) ([]ID, []Rejected) {
	var ids []ID
	var rejected []Rejected
	for _, raw := range raws {
		raw = strings.TrimSpace(raw)
		u, reason := checkLink(raw)
		if reason != "" {
			rejected = append(rejected, Rejected{URL: raw, Reason: reason})
			continue
		}
		key, user := linkKey(raw, u)
		had := m.store.byURL[key]
		if had == nil && m.store.full(m.opts.MaxLinks) {
			rejected = append(rejected, Rejected{URL: raw, Reason: links.ReasonListFull})
			continue
		}
		m.secrets.keep(key, user)
		if had != nil && had.forgotten && m.controls.retry(had) {
			ids = append(ids, had.id)
			continue
		}
		if had != nil {
			rejected = append(rejected, Rejected{URL: raw, Reason: links.ReasonDuplicate, Duplicate: true})
			continue
		}
		it := m.store.newItem(key, m.queues.keyOf(u))
		it.fromPage, it.referer = page != "", page
		m.insertLocked(it)
		m.queues.enqueue(it)
		m.markDirtyLocked(it)
		ids = append(ids, it.id)
	}
	if len(ids) > 0 {
		m.notifyLocked()
	}
	return ids, rejected
}

// canonical is the key of a checked link: raw itself when it is already
// in canonical form, so that the item shares the caller's string.
func canonical(raw string, u *url.URL) string {
	if key := u.String(); key != raw {
		return key
	}
	return raw
}

// CanonicalLink is the one form of a link that the queue, the journal and
// the intake use as its key (non-ASCII characters percent-encoded, no
// #fragment, no password); ok is false for a link that cannot be
// downloaded.
func CanonicalLink(raw string) (key string, ok bool) {
	u, reason := checkLink(strings.TrimSpace(raw))
	if reason != "" {
		return "", false
	}
	key, _ = linkKey("", u)
	return key, true
}

// checkLink parses a link and says why it cannot be downloaded.
func checkLink(raw string) (*url.URL, links.Reason) {
	u, err := url.Parse(raw)
	switch {
	case raw == "":
		return nil, links.ReasonEmpty
	case err != nil:
		return nil, links.ReasonInvalid
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, links.ReasonScheme
	case u.Hostname() == "":
		return nil, links.ReasonNoHost
	}
	u.Fragment, u.RawFragment = "", ""
	return u, ""
}

// insertLocked adds a new item to the store, holding its file name when it has one.
func (m *Manager) insertLocked(it *item) {
	if it.name != "" {
		m.names.Hold(it.dir, it.name, it.id)
	}
	m.store.add(it)
}

// setStateLocked moves an item and keeps the counts in step. A move that
// the state table does not list is refused: it changes nothing and
// returns the error saying so.
func (m *Manager) setStateLocked(it *item, st State) error {
	if err := checkMove(it.state, st, live); err != nil || it.state == st {
		return err
	}
	m.store.move(it, st)
	if st.Final() && m.store.counts[Active]+m.store.counts[Queued]+m.store.counts[Waiting] == 0 {
		m.names.BatchOver() // the batch is over: the next one reads its folders afresh
	}
	it.held = it.held && st == Paused
	it.forgotten = it.forgotten && st.Final()
	if st.Final() {
		it.finished = m.now()
	}
	if st == Active {
		it.activeAt, it.yielding = m.now(), false
	}
	m.markDirtyLocked(it)
	m.notifyLocked()
	return nil
}

// notifyLocked wakes the dispatcher and anyone watching Changes, and Wait
// when no item is Active: while one is, Wait goes on waiting whatever
// changed, and waking it for every item saved would cost a wake-up and
// the lock each time.
func (m *Manager) notifyLocked() {
	if m.store.counts[Active] == 0 {
		m.cond.Broadcast()
	}
	select {
	case m.wake <- struct{}{}:
	default:
	}
	select {
	case m.changed <- struct{}{}:
	default:
	}
}

// Changes delivers a signal (coalesced) after items are added or change state.
func (m *Manager) Changes() <-chan struct{} { return m.changed }

// Start runs the queue until Stop or until ctx ends. Items added later run
// as they come. It fails only when the output folder cannot be created;
// the folder is made with no lock held (again when SetDir changed it
// meanwhile), so a slow disk leaves the list readable.
func (m *Manager) Start(ctx context.Context) error {
	for dir := m.Dir(); ; {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("cannot use the folder %s: %w", dir, err)
		}
		m.mu.Lock()
		if m.dir == dir {
			break
		}
		dir = m.dir
		m.mu.Unlock()
	}
	defer m.mu.Unlock()
	if m.running {
		return nil
	}
	runCtx, cancel := context.WithCancelCause(ctx)
	done := make(chan struct{})
	m.running, m.stop, m.runDone = true, cancel, done
	go m.dispatch(runCtx, done)
	context.AfterFunc(runCtx, func() {
		m.mu.Lock()
		if m.runDone != done || !m.running {
			m.mu.Unlock() // the end of a run that Stop ended is Stop's own doing
			return
		}
		m.stopLocked()
	})
	m.notifyLocked()
	return nil
}

// Stop halts every download at once. Unfinished items go back to Queued and
// keep their partial files, so Start resumes them. It returns when every
// worker has exited.
func (m *Manager) Stop() {
	m.mu.Lock()
	m.stopLocked()
}

// stopLocked stops the current run; it is called with m.mu held and releases it.
func (m *Manager) stopLocked() {
	if m.running {
		m.running = false
		m.stop(errStopped)
		for _, it := range m.store.items {
			if it.state == Waiting {
				m.requeueLocked(it)
			}
		}
		m.notifyLocked()
	}
	done := m.runDone
	m.mu.Unlock()
	if done != nil {
		<-done
	}
	m.net.Client().CloseIdleConnections()
	m.journal.flush(true)
	if m.opts.LearnedLimits != "" {
		_ = m.queues.book.Save(m.opts.LearnedLimits, m.now()) // not kept: the next run learns them again
	}
}

// Wait blocks until nothing is left to do while running (every item final
// or paused), or until Stop, and returns the counts.
func (m *Manager) Wait() Summary {
	m.mu.Lock()
	defer m.mu.Unlock()
	for m.store.counts[Active] > 0 || m.running && m.store.counts[Queued]+m.store.counts[Waiting] > 0 {
		m.cond.Wait()
	}
	return m.summaryLocked()
}

// dispatch hands queued items to workers as slots free up, round-robin over sites.
func (m *Manager) dispatch(ctx context.Context, done chan struct{}) {
	defer func() {
		m.workers.Wait()
		close(done)
	}()
	for {
		if err := m.gate.Acquire(ctx); err != nil {
			return
		}
		m.mu.Lock()
		it, wakeAt := m.queues.pick(m.now(), m.siteLimitLocked())
		if it == nil {
			m.mu.Unlock()
			m.gate.Release()
			if !sleep(ctx, m.wake, wakeAt) {
				return
			}
			continue
		}
		itemCtx, cancel := context.WithCancelCause(ctx)
		it.cancel = cancel
		if it.started.IsZero() {
			it.started = m.now()
		}
		it.err, it.retryAt, it.slowedDown = nil, time.Time{}, false
		if it.speed == nil {
			it.speed = &speedMeter{}
		}
		m.setStateLocked(it, Active)
		j := m.jobLocked(it)
		it.holdsSlot = true
		m.mu.Unlock()
		m.workers.Add(1)
		go func() {
			defer m.workers.Done()
			out := m.attempt(itemCtx, it, j)
			cancel(nil)
			if out.page != nil && m.opts.OnPage != nil {
				m.opts.OnPage(*out.page)
			}
			if out.journalNow {
				m.journal.flush(false) // a later run could not tell the saved file by its note
			}
		}()
	}
}

// siteLimitLocked says how many downloads each site may have at once and
// start a second: its own rule's limits, else the user's per-site ones.
func (m *Manager) siteLimitLocked() func(site string) throttle.Limits {
	l := m.limits
	general := throttle.Limits{AtOnce: l.perHost(), PerSecond: l.PerHostRate, PerDay: l.PerHostDaily}
	return func(site string) throttle.Limits { return m.net.SiteLimits(site, general) }
}

// requeueLocked sends a Waiting, Paused or stopped item back in line.
func (m *Manager) requeueLocked(it *item) {
	it.stopTimer()
	if m.setStateLocked(it, Queued) == nil {
		m.queues.enqueue(it)
	}
}

// sleep waits for a wake-up signal on wake, the time wakeAt (when set) or the end
// of ctx; it reports false when ctx ended.
func sleep(ctx context.Context, wake <-chan struct{}, wakeAt time.Time) bool {
	var timeout <-chan time.Time
	if !wakeAt.IsZero() {
		t := time.NewTimer(max(time.Until(wakeAt), time.Millisecond))
		defer t.Stop()
		timeout = t.C
	}
	select {
	case <-wake:
	case <-timeout:
	case <-ctx.Done():
		return false
	}
	return true
}

// NoteQueuedFile tells the manager that the saved queue holds r, a link
// this run was not given: the file it names is that link's, and no new
// link takes it for its own or skips for it (haul get reads the queue's
// other records with it).
func (m *Manager) NoteQueuedFile(r Record) { m.names.NoteQueued(r) }
