package downloader

import (
	"context"
	"fmt"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"haul/downloader/disk"
	"haul/downloader/items"
	"haul/downloader/journal"
	"haul/downloader/links"
	"haul/downloader/names"
	"haul/downloader/network"
	"haul/downloader/openfiles"
	"haul/downloader/originals"
	"haul/downloader/rules"
	"haul/downloader/sites"
	"haul/downloader/throttle"
	"haul/downloader/try"
)

// Manager is the engine: it wires the parts together (the list, the
// names, the sites, the journal, the disk, the way to the sites, the
// archive) and coordinates the run: Start, Stop, Wait, the runs of the
// intakes with runs of their own, and the dispatcher that hands items to
// tries. All its methods are safe for concurrent use; the window and haul
// get read Snapshots.
type Manager struct {
	opts   Options
	now    func() time.Time
	limits atomic.Pointer[Limits] // the settings in force
	// policy is the retry policy of the limits in force.
	policy atomic.Pointer[rules.Policy]
	// tally is the batch's count of the picture rules that found originals.
	tally atomic.Pointer[originals.Tally]
	// files is what the open-file limit lets run at once: downloads and syncs.
	files openfiles.Budget

	list    *items.Store
	names   *names.Names
	sites   *sites.Sites
	journal *journal.Writer
	disk    *disk.Disk
	net     *network.Network
	rates   *network.Rates
	archive try.Archive // nil when none is kept
	env     try.Env     // what every try is given
	wake    chan struct{}
	saved   SavedList

	// running says the list's run is on: Start was called and not stopped.
	running atomic.Bool
	// stops counts the runs stopped, so an intake's run knows its end.
	stops atomic.Int64

	// mu guards the coordination of the runs: the dispatchers, the
	// intakes' runs under way and the generation of the list's run.
	mu   sync.Mutex
	runs int // intakes' own runs under way
	gen  int // the list's runs started
	// dispatching is the dispatcher under way, nil when none is.
	dispatching *dispatcher
	// ending holds the dispatchers stopped whose tries may still be under
	// way: every Stop waits for them all, not only the one that stopped
	// them.
	ending []*dispatcher
}

// dispatcher is one run of the dispatch loop and the tries it started.
type dispatcher struct {
	stop context.CancelCauseFunc
	// tries counts the tries under way; done closes once the loop and
	// every try it started have ended.
	tries sync.WaitGroup
	done  chan struct{}
}

// ended says the dispatcher and its tries have ended.
func (d *dispatcher) ended() bool {
	select {
	case <-d.done:
		return true
	default:
		return false
	}
}

// maxCommits bounds the files being synced to disk at once. Each one holds
// an open file. A group sync has a fixed cost (a journal commit and a disk
// flush), so the more files wait together, the fewer syncs cover them all.
const maxCommits = 256

// New makes a Manager; nothing runs until Start.
func New(opts Options) *Manager {
	opts = opts.withDefaults()
	files := openfiles.For(openfiles.Limit(), MaxConcurrency, maxCommits)
	m := &Manager{opts: opts, now: time.Now, files: files, wake: make(chan struct{}, 1),
		rates: network.NewRates(opts.RequestsPerSec, opts.BytesPerSec)}
	if opts.Archive != nil {
		m.archive = opts.Archive
	}
	m.storeLimits(opts.Limits)
	now := func() time.Time { return m.now() }
	m.sites = sites.New(sites.Config{Slots: min(opts.Concurrency, files.Downloads), MostSlots: MaxConcurrency,
		MostConnections: MaxConnectionsPerFile, SiteWait: opts.SiteWait, Limits: m.siteLimits,
		Running: m.running.Load, Freed: m.wakeDispatch, Now: now})
	m.disk = disk.New(files.Syncs, func() int { return m.list.Downloading() })
	m.names = names.New(m.disk, func(t disk.Tag) bool { return m.list.Listed(t) })
	m.list = items.New(items.Config{Dir: opts.Dir, MaxLinks: opts.MaxLinks, ChoosePagePictures: opts.OnPage != nil,
		Placement: func() items.Placement {
			l := m.Limits()
			return items.Placement{PageFolders: l.PageFolders, NameTemplate: l.NameTemplate}
		},
		Now: now, Names: m.names, Sites: m.sites, Disk: m.disk, Wake: m.wake})
	m.journal = journal.New(m.list)
	m.list.SetJournal(m.journal)
	m.saved = SavedList{list: m.list, journal: m.journal}
	nc := opts.network()
	nc.SitesChanged = m.list.Notify
	m.net = network.New(nc, m.rates)
	m.env = try.Env{Rates: m.rates, IdleTimeout: opts.IdleTimeout, SavePages: opts.SavePages, Now: now,
		OnExists:  func() names.Policy { return m.Limits().OnExists },
		Policy:    func() rules.Policy { return *m.policy.Load() },
		Originals: opts.PictureRules, Tally: m.tally.Load}
	m.tally.Store(&originals.Tally{})
	if m.env.Originals == nil {
		m.env.Originals = originals.Builtin()
	}
	if opts.LearnedLimits != "" {
		_ = m.sites.Load(opts.LearnedLimits) // a file that cannot be read only means learning again
	}
	return m
}

// siteLimits say how many downloads each site may have at once and
// start a second: its own rule's limits, else the user's per-site ones.
func (m *Manager) siteLimits(site string) throttle.Limits {
	l := m.Limits()
	return m.net.SiteLimits(site, throttle.Limits{AtOnce: l.perHost(), PerSecond: l.PerHostRate, PerDay: l.PerHostDaily})
}

// wakeDispatch wakes the dispatcher: a slot was given back.
func (m *Manager) wakeDispatch() {
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// Dir is the output folder for items that have not started yet.
func (m *Manager) Dir() string { return m.list.Dir() }

// SetDir changes the output folder for items that have not started yet;
// items already under way finish where they began.
func (m *Manager) SetDir(dir string) { m.list.SetDir(dir) }

// MeterBytes has meter count every byte the downloads read, as it
// arrives, and hold reads back while it says its cap is reached (the
// schedule's data per day); nil for none.
func (m *Manager) MeterBytes(meter network.Meter) { m.rates.Meter(meter) }

// Add queues links (see Intake.Add): links that cannot be downloaded or
// are in the list already come back Rejected, as does every link once the
// list holds Options.MaxLinks items (links.MaxRunLinks), finished ones
// included.
func (m *Manager) Add(links ...string) ([]ID, []Rejected) { return m.list.Main().Add(links...) }

// Intake adds the links found on web pages to the list's own intake.
func (m *Manager) Intake() *Intake { return m.list.Main() }

// NewIntake is a way in with a run of its own (a watched page's check),
// whose items are saved into dir: RunIntake runs them, whether the list's
// run is on or not, within the one set of limits.
func (m *Manager) NewIntake(dir string) *Intake { return m.list.NewIntake(dir) }

// CanonicalLink is the one form of a link that the list, the journal and
// the intake use as its key (see links.Canonical).
func CanonicalLink(raw string) (key string, ok bool) { return links.Canonical(raw) }

// Start runs the list until Stop or until ctx ends. Items added later run
// as they come. It fails only when the output folder cannot be created;
// the folder is made with no lock held (again when SetDir changed it
// meanwhile), so a slow disk leaves the list readable.
func (m *Manager) Start(ctx context.Context) error {
	for dir := m.Dir(); ; {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("cannot use the folder %s: %w", dir, err)
		}
		m.mu.Lock()
		if m.Dir() == dir {
			break
		}
		dir = m.Dir()
		m.mu.Unlock()
	}
	defer m.mu.Unlock()
	if m.running.Load() {
		return nil
	}
	m.running.Store(true)
	m.tally.Store(&originals.Tally{}) // a new batch: every rule is worth asking again
	m.gen++
	gen := m.gen
	m.dispatchLocked()
	context.AfterFunc(ctx, func() {
		m.mu.Lock()
		if m.gen != gen || !m.running.Load() {
			m.mu.Unlock() // the end of a run that Stop ended is Stop's own doing
			return
		}
		m.stopLocked()
	})
	m.list.Notify()
	return nil
}

// dispatchLocked starts the dispatcher unless it runs; m.mu is held.
func (m *Manager) dispatchLocked() {
	if m.dispatching != nil {
		return
	}
	runCtx, cancel := context.WithCancelCause(context.Background())
	d := &dispatcher{stop: cancel, done: make(chan struct{})}
	m.dispatching = d
	go m.dispatch(runCtx, d)
}

// RunIntake runs the items of an intake with a run of its own (see
// NewIntake) until none is left on the way, or until ctx ends or the
// engine stops, and returns the summary of its items. Its items left on
// the way then join the list, to start with its run. It fails only when
// the intake's folder cannot be created.
func (m *Manager) RunIntake(ctx context.Context, in *Intake) (Summary, error) {
	if dir := in.Dir(); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return Summary{}, fmt.Errorf("cannot use the folder %s: %w", dir, err)
		}
	}
	m.mu.Lock()
	stops := m.stops.Load()
	in.Begin()
	m.runs++
	m.dispatchLocked()
	m.mu.Unlock()
	sum := in.WaitIdle(ctx, func() bool { return m.stops.Load() != stops })
	m.mu.Lock()
	in.End()
	m.runs--
	if m.runs == 0 && !m.running.Load() && m.dispatching != nil {
		m.stopLocked()
		return sum, nil
	}
	m.mu.Unlock()
	return sum, nil
}

// Stop halts every download at once: the list's run and the intakes' own
// runs. Unfinished items go back to Queued and keep their temporary
// files, so Start resumes them. It returns when every try has ended.
func (m *Manager) Stop() {
	m.mu.Lock()
	m.stopLocked()
}

// stopLocked stops the runs; it is called with m.mu held and releases it.
func (m *Manager) stopLocked() {
	m.running.Store(false)
	m.stops.Add(1)
	if d := m.dispatching; d != nil {
		d.stop(try.ErrStopped)
		m.list.StopRun()
		m.ending = append(m.ending, d)
		m.dispatching = nil
	}
	m.ending = slices.DeleteFunc(m.ending, (*dispatcher).ended)
	ending := slices.Clone(m.ending)
	m.list.Notify()
	m.mu.Unlock()
	for _, d := range ending {
		<-d.done
	}
	m.net.Client().CloseIdleConnections()
	m.journal.Flush(true)
	if m.opts.LearnedLimits != "" {
		_ = m.sites.Save(m.opts.LearnedLimits) // not kept: the next run learns them again
	}
}

// Wait blocks until nothing is left to do while running (every item final
// or paused), or until Stop, and returns the counts.
func (m *Manager) Wait() Summary { return m.list.Wait(m.running.Load) }

// dispatch hands queued items to tries as slots free up, round-robin over
// sites, until ctx ends.
func (m *Manager) dispatch(ctx context.Context, d *dispatcher) {
	defer func() {
		d.tries.Wait()
		close(d.done)
	}()
	for {
		if err := m.sites.Acquire(ctx); err != nil {
			return
		}
		t, j, wakeAt := m.list.Pick(ctx, m.running.Load(), m.Limits().forTry())
		if t == nil {
			m.sites.Release()
			if !sleep(ctx, m.wake, wakeAt) {
				return
			}
			continue
		}
		d.tries.Go(func() { m.work(t, j) })
	}
}

// work makes one try of an item and applies how it ended: the item moves
// through the state table, a site the try showed down fails its waiting
// links, the pictures of a page go to OnPage, and a saved file a later run
// could not tell by its note reaches the journal at once.
func (m *Manager) work(t *items.Tried, j try.Job) {
	site := m.sites.Of(t.Site())
	res := try.New(j, &m.env, try.Ports{Item: t, Pictures: t, Names: m.names, Journal: m.journal, Site: site,
		Network: m.net, Archive: m.archive, Disk: m.disk}).Run(t.Context())
	applied, journalNow := m.list.Apply(t, res, m.disk.Untagged())
	t.End()
	if applied && res.Verdict.Err != nil && site.Tried(res.Verdict, res.Step) ||
		applied && res.Step.Err != nil && res.Step.Err.Reason == ReasonKeptRefusing {
		m.list.FailSite(t.Site(), res.Step.Err)
	}
	if res.Page != nil && m.opts.OnPage != nil {
		m.opts.OnPage(*res.Page)
	}
	if journalNow {
		m.journal.Flush(false) // a later run could not tell the saved file by its note
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

// SetLimits changes concurrency, per-site limit, rates, retries and the
// existing-file policy; running downloads adapt at once. Lowering the
// concurrency below the number of running downloads sends the ones started
// last back to the queue, keeping their temporary files; it returns how many.
func (m *Manager) SetLimits(l Limits) int {
	if l.Concurrency <= 0 {
		l.Concurrency = m.opts.Concurrency
	}
	l.Concurrency = min(l.Concurrency, MaxConcurrency)
	l.PerHost = max(l.PerHost, 0)
	l.Retries = max(l.Retries, 0)
	m.storeLimits(l)
	slots := min(l.Concurrency, m.files.Downloads) // the open-file limit may allow fewer
	yielded := m.list.YieldBeyond(slots, try.ErrYielded)
	m.sites.Resize(slots)
	m.rates.Set(l.RequestsPerSec, l.BytesPerSec)
	m.sites.SetMaxWait(l.SiteWait)
	m.net.SetNoPageReferer(l.NoPageReferer)
	return yielded
}

// storeLimits puts the settings l in force, with their retry policy.
func (m *Manager) storeLimits(l Limits) {
	p := retryPolicy(m.opts, l)
	m.policy.Store(&p)
	m.limits.Store(&l)
}

// Limits returns the settings in force.
func (m *Manager) Limits() Limits { return *m.limits.Load() }

// IdleTimeout is how long a try may receive nothing before it is
// abandoned and tried again.
func (m *Manager) IdleTimeout() time.Duration { return m.opts.IdleTimeout }

// Snapshot copies every item's state, in the order they were added. It
// costs time in proportion to the list; SnapshotSince costs only what changed.
func (m *Manager) Snapshot() ([]ItemSnapshot, Summary) { return m.list.Snapshot(m.running.Load()) }

// SnapshotSince returns what changed since the revision rev (0 for
// everything): the items added or changed, the downloading ones, and the
// ones removed. A Queued item's SlowedDown is as of its last change.
func (m *Manager) SnapshotSince(rev uint64) Delta { return m.list.SnapshotSince(rev, m.running.Load()) }

// Item returns one item's snapshot.
func (m *Manager) Item(id ID) (ItemSnapshot, bool) { return m.list.Item(id) }

// Summary counts items by state, with total bytes and speed.
func (m *Manager) Summary() Summary { return m.list.Summary(m.running.Load()) }

// Visit calls fn with a snapshot of each item, in the order they were
// added, and returns the summary of the same moment. Unlike Snapshot it
// keeps no list: a caller that needs a few items or a sum reads 100,000
// items without copying them all. fn runs with the list locked and must
// not call the manager.
func (m *Manager) Visit(fn func(ItemSnapshot)) Summary { return m.list.Visit(m.running.Load(), fn) }

// Changes delivers a signal (coalesced) after items are added or change state.
func (m *Manager) Changes() <-chan struct{} { return m.list.Changes() }

// Controls are the user's commands on the items.
func (m *Manager) Controls() *Controls { return m.list.Controls() }

// EditList is the hand editing of m's list.
func EditList(m *Manager) ListEdit { return m.list.Edit() }

// Saved is the list as the journal keeps it: the journal, and the items
// saved earlier.
func (m *Manager) Saved() *SavedList { return &m.saved }

// NoteQueuedFile tells the manager that the saved queue holds r, a link
// this run was not given: the file it names is that link's, and no new
// link takes it for its own or skips for it (haul get reads the queue's
// other records with it).
func (m *Manager) NoteQueuedFile(r Record) { m.names.NoteQueued(r) }

// connectionsPerFile is the setting in force: automatic is the default.
func connectionsPerFile(setting int) int {
	if setting <= 0 {
		return DefaultConnectionsPerFile
	}
	return min(setting, MaxConnectionsPerFile)
}

// perHost is the user's per-site limit, which defaults to the global one.
func (l Limits) perHost() int {
	if l.PerHost > 0 {
		return min(l.PerHost, l.Concurrency)
	}
	return l.Concurrency
}

// forTry is what a try goes by of the limits.
func (l Limits) forTry() try.Limits {
	return try.Limits{OnExists: l.OnExists, KeepDuplicates: l.KeepDuplicates, NoPageReferer: l.NoPageReferer,
		AsLinked: l.AsLinked, MaxSize: l.MaxSize, Connections: connectionsPerFile(l.ConnectionsPerFile), SplitThreshold: SplitThreshold,
		SmallFileMax: smallFileMax}
}

// retryPolicy is the rules' policy for the options and the limits in force.
func retryPolicy(o Options, l Limits) rules.Policy {
	return rules.Policy{Retries: l.Retries, MaxRetryAfter: o.MaxRetryAfter,
		Backoff: func(next int, minWait time.Duration) time.Duration {
			return rules.Backoff(o.BackoffBase, o.BackoffMax, next, minWait)
		}}
}
