package items

import (
	"context"
	"net/url"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"haul/downloader/ranges"
	"haul/downloader/record"
	"haul/downloader/rules"
)

// Item is one link and its destination. Fields above the line are guarded
// by the store's lock (Store.mu); the counters below are written by the
// item's try and read by anyone.
type Item struct {
	id   ID
	raw  string // the link in its canonical form; parsed again when a try needs it (link)
	host string // shared with its site's line, see lines.keyOf
	src  *Intake

	state    State
	dir      string // output folder, fixed when the first try starts (or when added, into an intake's folder)
	name     string // file name once known
	path     string // final path when Done or Skipped
	failures int    // tries that counted against the retries since the item was last queued by the user
	reached  int64  // the furthest byte any try got to
	err      *ItemError
	note     *Note // why a Skipped item was skipped; most items have none
	retryAt  time.Time
	etag     string
	modified string
	started  time.Time
	finished time.Time
	cancel   context.CancelCauseFunc // set while Active
	timer    *time.Timer             // set while Waiting
	referer  string                  // the page it was found on
	subdir   string                  // folder inside the output folder, for a page's pictures
	pattern  string                  // name template with the page's fields filled in, or the name the user gave
	place    string                  // where the link was read from, such as a workbook's cell "Sheet2!B7"
	rank     int64                   // its place in the list when moved by hand (see edit.go); 0: where added
	mime     string                  // the real format, from the first bytes
	hash     string                  // sha256 of a saved picture, hex
	activeAt time.Time               // when the item last became Active

	// Counts and sizes that fit in 32 bits sit together: 100,000 items
	// would pay for wider fields.
	attempts int32
	status   int32 // the last HTTP status
	width    int32 // pixel size, when a picture
	height   int32
	// failedWith is the HTTP status of the answer that failed the last
	// counted try, 0 when none did.
	failedWith uint16

	// The flags sit together: 100,000 items would pay for padding after each.
	ownsPart   bool // name+".part" in the folder is this item's
	slowedDown bool
	holdsSlot  bool  // holds a download slot (global and per site)
	inQueue    bool  // present in its site's line
	dirty      bool  // changed since the journal was last written
	fromPage   bool  // found on a web page: must really be a picture
	signedIn   bool  // its page came with the browser's cookies (see record.Record.SignedIn)
	isImage    bool  // the first bytes are a picture
	yielding   bool  // canceled to go back to the queue after the limit was lowered
	renamed    bool  // pattern is the name the user gave before the first try
	throttled  uint8 // tries put back in line while the site throttled, without using up a try
	shortages  uint8 // tries that found no file free to open, without using up a try
	held       bool  // paused by the schedule (Controls.HoldAll), not by the user
	forgotten  bool  // finished, its link taken out of the download archive: it may be fetched again
	// oneConnection says its server encodes the parts asked for by range,
	// which cannot be decoded alone: it is fetched over one connection.
	oneConnection bool
	// journalNow says a later run could not tell the item's saved file by
	// its note alone (a numbered name, or an answer with neither a version
	// nor a length), so its saving is written to the journal at once.
	journalNow bool

	rev                    uint64 // the store's revision when the item last changed
	prevChange, nextChange *Item  // neighbours in the store's change list
	counted                share  // the item's share of the store's totals, as last counted

	// holes are the spans of a temporary file fetched over several
	// connections still missing (nil for a file written from its start).
	holes ranges.Holes

	bytes atomic.Int64
	total atomic.Int64
	// splitting follows the file while a try fetches it over several
	// connections; the record takes its holes from it.
	splitting atomic.Pointer[ranges.Tracker]
	// extraConns counts the connections fetching parts of the file now
	// besides the try's own.
	extraConns atomic.Int32
	speed      *speedMeter // set while Active: most items never need one at once
	// original is the picture's original a try found; most items have none.
	original *record.Original
}

func newItem(id ID, raw, host string, src *Intake) *Item {
	it := &Item{id: id, raw: raw, host: host, src: src}
	it.total.Store(-1)
	return it
}

// noteValue is the item's note, the zero Note when it has none.
func (it *Item) noteValue() Note {
	if it.note == nil {
		return Note{}
	}
	return *it.note
}

// link is the item's URL. It is parsed again for each use rather than kept:
// a parsed URL would double what 100,000 waiting items cost.
func (it *Item) link() *url.URL {
	u, _ := url.Parse(it.raw) // raw is the String of a URL that parsed, and parses the same
	return u
}

func (it *Item) partPath() string { return filepath.Join(it.dir, it.name+".part") }

// validator is what If-Range needs to resume safely: the ETag, else Last-Modified.
func (it *Item) validator() string {
	if it.etag != "" && len(it.etag) > 2 && it.etag[:2] != "W/" {
		return it.etag
	}
	return it.modified
}

// snapshot copies the item.
func (it *Item) snapshot(now time.Time) Snapshot {
	b := it.bytes.Load()
	s := Snapshot{
		ID: it.id, URL: it.raw, Name: it.name, Path: it.path, State: it.state,
		Bytes: b, Total: it.total.Load(), Attempts: int(it.attempts), Failures: it.failures, Status: int(it.status),
		Err: it.err, Note: it.noteValue(), RetryAt: it.retryAt, SlowedDown: it.slowedDown,
		Started: it.started, Finished: it.finished, Referer: it.referer,
		MIME: it.mime, Width: int(it.width), Height: int(it.height), Place: it.place, Rank: it.order(),
		Forgotten: it.forgotten, Held: it.held && it.state == Paused,
	}
	if it.renamed {
		s.Given = it.pattern
	}
	if it.state == Active && it.speed != nil {
		s.Speed = it.speed.rate(now, b)
		s.Idle = now.Sub(it.speed.lastSince(it.activeAt))
		s.Connections = 1 + int(it.extraConns.Load())
	}
	if it.original != nil {
		s.Original = *it.original
	}
	return s
}

// order is the item's rank, twice its ID unless it was moved by hand: a
// move to the bottom goes between the last item and the next one added.
func (it *Item) order() int64 {
	if it.rank != 0 {
		return it.rank
	}
	return 2 * int64(it.id)
}

// stopTimer stops the wait for the item's next try; the store's lock is held.
func (it *Item) stopTimer() {
	if it.timer != nil {
		it.timer.Stop()
		it.timer = nil
	}
	it.retryAt = time.Time{}
}

// dropPart gives up the item's temporary file, if it has one, and returns
// its path for the caller to remove with no lock held: a try that starts
// meanwhile (a Retry) begins from byte 0 and never resumes the file being
// removed.
func (it *Item) dropPart() string {
	if it.name == "" || !it.ownsPart {
		return ""
	}
	it.ownsPart = false
	return it.partPath()
}

// downloading says the item is receiving its file in a download slot
// and has not been asked to yield it.
func (it *Item) downloading() bool {
	return it.state == Active && it.cancel != nil && !it.yielding && it.holdsSlot
}

// history is what the rules need to know of the item's earlier tries.
func (it *Item) history() rules.History {
	return rules.History{Failures: it.failures, Reached: it.reached, Total: it.total.Load(), Throttled: int(it.throttled),
		LastStatus: int(it.failedWith), Shortages: int(it.shortages)}
}

// record is the item as the journal keeps it.
func (it *Item) record() Record {
	r := Record{URL: it.raw, Dir: it.dir, Name: it.name, State: it.state.String(), OwnsPart: it.ownsPart,
		ETag: it.etag, LastModified: it.modified, Attempts: int(it.attempts), Status: int(it.status),
		Note: it.noteValue(), Started: it.started, Finished: it.finished, Referer: it.referer, FromPage: it.fromPage, SignedIn: it.signedIn,
		MIME: it.mime, IsImage: it.isImage, Width: int(it.width), Height: int(it.height), SHA256: it.hash}
	if t := it.total.Load(); t > 0 {
		r.Total = t
	} else if it.state == Done {
		r.Total = it.bytes.Load()
	}
	r.Failure = it.err
	r.Holes = it.savedHoles()
	r.Subdir, r.Pattern = it.subdir, it.pattern
	r.Place, r.Renamed = it.place, it.renamed
	r.Held = it.held && it.state == Paused
	r.Forgotten = it.forgotten
	r.Original = it.original
	return r
}

// savedHoles is the item's missing spans as its record keeps them: as of
// the last checkpoint while a try fetches them.
func (it *Item) savedHoles() string {
	if tr := it.splitting.Load(); tr != nil {
		return tr.Durable().String()
	}
	if !it.ownsPart || it.holes == nil {
		return ""
	}
	return it.holes.String()
}

// fromRecord copies a record's fields into a new item.
func (it *Item) fromRecord(r Record) {
	it.dir, it.name, it.ownsPart = r.Dir, r.Name, r.OwnsPart && r.Name != ""
	it.etag, it.modified = r.ETag, r.LastModified
	it.attempts, it.status = int32(r.Attempts), int32(r.Status)
	if note := r.SavedNote(); !note.IsZero() {
		it.note = &note
	}
	it.started, it.finished = r.Started, r.Finished
	it.referer, it.fromPage, it.signedIn = r.Referer, r.FromPage, r.SignedIn && r.Referer != ""
	it.subdir, it.pattern = r.Subdir, r.Pattern
	it.place, it.renamed = r.Place, r.Renamed
	it.held = r.Held && r.State == Paused.String()
	it.forgotten = r.Forgotten && (r.State == Done.String() || r.State == Skipped.String())
	it.mime, it.isImage, it.width, it.height, it.hash = r.MIME, r.IsImage, int32(r.Width), int32(r.Height), r.SHA256
	it.err = r.SavedFailure()
	if r.Total > 0 {
		it.total.Store(r.Total)
	}
	it.holes = holesOf(r)
	if r.Original != nil && r.Original.URL != "" {
		o := *r.Original
		it.original = &o
	}
}

// holesOf reads a record's missing spans; spans that cannot be read leave
// the whole file to fetch again, never a size to trust.
func holesOf(r record.Record) ranges.Holes {
	if r.Holes == "" || !r.OwnsPart {
		return nil
	}
	if h, ok := ranges.Parse(r.Holes); ok {
		return h
	}
	return ranges.Whole(r.Total)
}

const (
	speedSamples  = 16
	speedInterval = 250 * time.Millisecond
)

// speedMeter turns a growing byte count into a moving-average speed over the
// last few seconds. The writer records at most one sample per interval, so
// it costs nothing per chunk; readers see the speed decay when data stops.
type speedMeter struct {
	mu      sync.Mutex
	times   [speedSamples]time.Time
	counts  [speedSamples]int64
	next    int
	filled  int
	lastRec time.Time
}

// reset forgets the history, starting from count bytes now.
func (s *speedMeter) reset(now time.Time, count int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.next, s.filled = 0, 0
	s.push(now, count)
}

// record notes the byte count; cheap when called more often than the interval.
func (s *speedMeter) record(now time.Time, count int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if now.Sub(s.lastRec) >= speedInterval {
		s.push(now, count)
	}
}

func (s *speedMeter) push(now time.Time, count int64) {
	s.times[s.next] = now
	s.counts[s.next] = count
	s.next = (s.next + 1) % speedSamples
	if s.filled < speedSamples {
		s.filled++
	}
	s.lastRec = now
}

// lastSince is when data last arrived, or since when no earlier than from.
func (s *speedMeter) lastSince(from time.Time) time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.lastRec.After(from) {
		return s.lastRec
	}
	return from
}

// rate returns bytes per second from the oldest sample to (now, count).
func (s *speedMeter) rate(now time.Time, count int64) float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.filled == 0 {
		return 0
	}
	oldest := (s.next - s.filled + speedSamples) % speedSamples
	dt := now.Sub(s.times[oldest]).Seconds()
	if dt < 0.2 {
		return 0
	}
	return float64(count-s.counts[oldest]) / dt
}

// A password in a link ("https://user:pw@host/file") is needed to fetch
// the link and nowhere else. The item keeps its link without it (its key,
// what the queue saves, what the note on its file says, what is shown);
// linkSecrets keeps the user name and password of such links in memory
// only, by key, and lends them to the requests. A run that restores a
// queue learns them again from the links it is given (haul get's list, a
// link added to the window again); an item restored without its password
// is fetched without it.

// linkSecrets holds the passwords of the links that came with one, by
// the link's key. Its mu is taken last.
type linkSecrets struct {
	mu    sync.Mutex
	users map[string]*url.Userinfo
}

// keep notes the password of the link key, when user holds one; a later
// password for the same link replaces an earlier one.
func (s *linkSecrets) keep(key string, user *url.Userinfo) {
	if user == nil {
		return
	}
	if _, has := user.Password(); !has {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.users == nil {
		s.users = map[string]*url.Userinfo{}
	}
	s.users[key] = user
}

// lend gives u, the link key parsed, its password back for a request.
func (s *linkSecrets) lend(key string, u *url.URL) *url.URL {
	s.mu.Lock()
	defer s.mu.Unlock()
	if user, ok := s.users[key]; ok {
		u.User = user
	}
	return u
}

// forget drops the password of the link key, once its item is removed.
func (s *linkSecrets) forget(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.users, key)
}
