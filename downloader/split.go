package downloader

import (
	"net/http"
	"os"

	"haul/downloader/ranges"
	"haul/downloader/transfer"
)

// Fetching a large file over several connections (package transfer does
// the fetching, package ranges the bookkeeping): the engine decides when,
// opens the temporary file for writing at any offset, gives the extra
// connections their slots, and keeps the missing spans in the item's
// record, so a run after a crash asks only for them.
const (
	// DefaultConnectionsPerFile is how many connections fetch one large
	// file when the setting is automatic.
	DefaultConnectionsPerFile = 8
	// MaxConnectionsPerFile is the most the setting takes.
	MaxConnectionsPerFile = 16
	// SplitThreshold is the least a file must have left for more than
	// one connection to fetch it.
	SplitThreshold = 4 << 20
)

// connectionsPerFile is the setting in force: automatic is the default.
func connectionsPerFile(setting int) int {
	if setting <= 0 {
		return DefaultConnectionsPerFile
	}
	return min(setting, MaxConnectionsPerFile)
}

// splitPlan fetches the file over several connections when that gains:
// the rest of a file an earlier try fetched in parts, or a large file
// from a server that takes ranges and names its version. The missing
// spans reach the journal before the file is written; the file's own note
// keeps no version, so that without the journal it restarts from byte 0
// rather than resume from a size that says nothing. ok is false for a
// file written from its start.
func (t *try) splitPlan(a transfer.Answer, exclusive bool, tag partTag) (plan transfer.Plan, ok bool) {
	holes := t.j.holes
	resuming := len(holes) > 0 && a.Resp.StatusCode == http.StatusPartialContent
	if !resuming {
		if connectionsPerFile(t.j.limits.ConnectionsPerFile) < 2 || t.j.oneConnection || !a.Ranges || !tag.hasVersion() ||
			a.Total-a.Offset < SplitThreshold {
			t.setHoles(nil)
			return transfer.Plan{}, false
		}
		holes = ranges.Holes{{Start: a.Offset, End: a.Total}}
	}
	tracker := ranges.NewTracker(holes)
	t.split = tracker
	if err := t.setHoles(tracker); err != nil {
		return t.stop(outcome{verdict: unjournaledVerdict(err)}), true
	}
	f, err := openSplitPart(t.m, t.part, a.Offset, resuming, exclusive, partTag{link: tag.link})
	split := &transfer.Split{Connections: connectionsPerFile(t.j.limits.ConnectionsPerFile), Holes: holes,
		Tracker: tracker, Slots: connSlots{m: t.m, it: t.it}}
	return transfer.Plan{File: f, OpenErr: err, Split: split}, true
}

// setHoles makes the item's missing spans the tracker's (nil: none) and,
// when it has some, writes them to the journal before the file is.
func (t *try) setHoles(tracker *ranges.Tracker) error {
	m, it := t.m, t.it
	m.mu.Lock()
	had := it.holes != nil
	it.holes = nil
	if tracker != nil {
		it.holes = tracker.Durable()
		it.bytes.Store(max(it.total.Load()-it.holes.Missing(), 0))
		it.speed.reset(m.now(), it.bytes.Load())
	}
	it.splitting.Store(tracker)
	if had || tracker != nil {
		m.markDirtyLocked(it)
	}
	m.mu.Unlock()
	if tracker == nil {
		return nil
	}
	return m.journal.flush(false)
}

// endSplit keeps what a try fetching the file in parts left missing, for
// the next try and the record.
func (t *try) endSplit() {
	if t.split == nil {
		return
	}
	m, it := t.m, t.it
	m.mu.Lock()
	it.holes = t.split.Durable()
	it.splitting.Store(nil)
	m.markDirtyLocked(it)
	m.mu.Unlock()
}

// savedHoles is the item's missing spans as its record keeps them: as of
// the last checkpoint while a try fetches them.
func (it *item) savedHoles() string {
	if tr := it.splitting.Load(); tr != nil {
		return tr.Durable().String()
	}
	if !it.ownsPart {
		return ""
	}
	return it.holes.String()
}

// holesOf reads a record's missing spans; spans that cannot be read leave
// the whole file to fetch again, never a size to trust.
func holesOf(r Record) ranges.Holes {
	if r.Holes == "" || !r.OwnsPart {
		return nil
	}
	if h, ok := ranges.Parse(r.Holes); ok {
		return h
	}
	return ranges.Whole(r.Total)
}

// journalCheckpoint writes the record of an item whose parts reached a
// checkpoint, at once, so a crash loses little of what was fetched.
func journalCheckpoint(m *Manager, it *item) {
	m.mu.Lock()
	m.markDirtyLocked(it)
	m.mu.Unlock()
	m.journal.writeSoon()
}

// openSplitPart opens the temporary file for writing at any offset: a new
// one (from byte 0), one cut at offset (a file written from its start
// whose rest is now fetched in parts), or, when resuming its parts, as it
// is. It is tagged with tag, which names no version.
func openSplitPart(m *Manager, part string, offset int64, resuming, exclusive bool, tag partTag) (partFile, error) {
	m.disk.createMu.Lock()
	f, err := openPartAt(part, offset, resuming, exclusive)
	m.disk.createMu.Unlock()
	if err == nil && !tagPart(part, tag) {
		m.disk.untagged.Store(true)
	}
	return f, err
}

// openPartAt is openPartOS without appending: the parts go at their offsets.
func openPartAt(part string, offset int64, resuming, exclusive bool) (partFile, error) {
	flags := os.O_WRONLY | os.O_CREATE | noFollow
	if exclusive {
		flags |= os.O_EXCL
	}
	size := offset
	if resuming {
		size = -1
	}
	return openChecked(part, flags, size)
}

// connSlots are the download slots the extra connections of a file
// fetched in parts count against: At once, and the site's limit, lowered
// to what the site took when it refused one more.
type connSlots struct {
	m  *Manager
	it *item
}

// TryAcquire takes a slot when the site and the gate have one free now.
func (s connSlots) TryAcquire() bool {
	m := s.m
	m.mu.Lock()
	defer m.mu.Unlock()
	h := m.queues.byKey[s.it.host]
	if h == nil || !m.running {
		return false
	}
	limits := m.siteLimitLocked()(h.key)
	now := m.now()
	if most := h.fileConns.at(now); most > 0 {
		limits.AtOnce = min(limits.AtOnce, most)
	}
	if ok, _ := m.queues.book.Ready(h.key, now, h.active, limits); !ok || !m.gate.TryAcquire() {
		return false
	}
	h.active++
	s.it.extraConns.Add(1)
	return true
}

// Release gives a slot back.
func (s connSlots) Release() {
	m := s.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if h := m.queues.byKey[s.it.host]; h != nil {
		h.active--
	}
	s.it.extraConns.Add(-1)
	m.gate.Release()
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// Refused learns that the site takes no more connections at once than it
// has now, until a quiet spell passes (fileconns.go).
func (s connSlots) Refused() {
	m := s.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if h := m.queues.byKey[s.it.host]; h != nil {
		h.fileConns.refused(h.active, m.now())
	}
}
