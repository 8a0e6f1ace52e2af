package downloader

import (
	"context"
	"net/url"
	"path/filepath"
	"sync/atomic"
	"time"

	"haul/downloader/ranges"
	"haul/downloader/throttle"
)

// item is one link and its destination. Fields above the line are guarded by
// Manager.mu; the counters below are written by the item's worker and read
// by anyone.
type item struct {
	id   ID
	raw  string // the link in its canonical form; parsed again when an attempt needs it (link)
	host string // shared with its site's queue, see siteQueues.keyOf

	state    State
	dir      string // output folder, fixed when the first attempt starts
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
	rank     int64                   // its place in the list when moved by hand (see listedit.go); 0: where added
	mime     string                  // the real format, from the first bytes
	hash     string                  // sha256 of a saved picture, hex
	activeAt time.Time               // when the item last became Active

	// Counts and sizes that fit in 32 bits sit together: 100,000 items
	// would pay for wider fields.
	attempts int32
	status   int32 // the last HTTP status
	width    int32 // pixel size, when a picture
	height   int32
	ticket   throttle.Ticket // when the try started in its site's history of refusals
	// failedWith is the HTTP status of the answer that failed the last
	// counted try, 0 when none did.
	failedWith uint16

	// The flags sit together: 100,000 items would pay for padding after each.
	ownsPart   bool // name+".part" in the folder is this item's
	slowedDown bool
	holdsSlot  bool  // holds a download slot (global and per site)
	inQueue    bool  // present in its host's queue
	dirty      bool  // changed since the journal was last written
	fromPage   bool  // found on a web page: must really be a picture
	isImage    bool  // the first bytes are a picture
	yielding   bool  // canceled to go back to the queue after the limit was lowered
	renamed    bool  // pattern is the name the user gave before the first try
	throttled  uint8 // tries put back in line while the site throttled, without using up a try
	shortages  uint8 // tries that found no file free to open, without using up a try
	siteTold   bool  // the site's limits were told how this try went (see passSlotOn)
	held       bool  // paused by the schedule (Controls.HoldAll), not by the user
	forgotten  bool  // finished, its link taken out of the download archive: it may be fetched again
	// oneConnection says its server encodes the parts asked for by range,
	// which cannot be decoded alone: it is fetched over one connection.
	oneConnection bool
	// journalNow says a later run could not tell the item's saved file by
	// its note alone (a numbered name, or an answer with neither a version
	// nor a length), so its saving is written to the journal at once.
	journalNow bool

	rev                    uint64 // the manager's revision when the item last changed
	prevChange, nextChange *item  // neighbours in the manager's change list
	counted                share  // the item's share of the manager's totals, as last counted

	// holes are the spans of a temporary file fetched over several
	// connections still missing (nil for a file written from its start).
	holes ranges.Holes

	bytes atomic.Int64
	total atomic.Int64
	// splitting follows the file while a try fetches it over several
	// connections; the record takes its holes from it.
	splitting atomic.Pointer[ranges.Tracker]
	// extraConns counts the connections fetching parts of the file now
	// besides the try's own (see connSlots).
	extraConns atomic.Int32
	speed      *speedMeter // set while Active: most items never need one at once
}

func newItem(id ID, raw, host string) *item {
	it := &item{id: id, raw: raw, host: host}
	it.total.Store(-1)
	return it
}

// noteValue is the item's note, the zero Note when it has none.
func (it *item) noteValue() Note {
	if it.note == nil {
		return Note{}
	}
	return *it.note
}

// link is the item's URL. It is parsed again for each use rather than kept:
// a parsed URL would double what 100,000 waiting items cost.
func (it *item) link() *url.URL {
	u, _ := url.Parse(it.raw) // raw is the String of a URL that parsed, and parses the same
	return u
}

// hostKey groups items for the per-site limit: host and port, lower-cased.
func hostKey(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return u.Hostname() + ":" + port
}

func (it *item) partPath() string { return filepath.Join(it.dir, it.name+".part") }

// validator is what If-Range needs to resume safely: the ETag, else Last-Modified.
func (it *item) validator() string {
	if it.etag != "" && len(it.etag) > 2 && it.etag[:2] != "W/" {
		return it.etag
	}
	return it.modified
}

func (it *item) snapshot(now time.Time) ItemSnapshot {
	b := it.bytes.Load()
	s := ItemSnapshot{
		ID: it.id, URL: it.raw, Name: it.name, Path: it.path, State: it.state,
		Bytes: b, Total: it.total.Load(), Attempts: int(it.attempts), Failures: it.failures, Status: int(it.status),
		Err: it.err, Note: it.noteValue(), RetryAt: it.retryAt, SlowedDown: it.slowedDown,
		Started: it.started, Finished: it.finished, Referer: it.referer,
		MIME: it.mime, Width: int(it.width), Height: int(it.height), Place: it.place, Rank: it.order(),
		Forgotten: it.forgotten,
	}
	if it.renamed {
		s.Given = it.pattern
	}
	if it.state == Active && it.speed != nil {
		s.Speed = it.speed.rate(now, b)
		s.Idle = now.Sub(it.speed.lastSince(it.activeAt))
		s.Connections = 1 + int(it.extraConns.Load())
	}
	return s
}

// stopTimer stops the wait for the item's next try; Manager.mu is held.
func (it *item) stopTimer() {
	if it.timer != nil {
		it.timer.Stop()
		it.timer = nil
	}
	it.retryAt = time.Time{}
}

// dropPart gives up the item's partial file, if it has one, and returns
// its path for the caller to remove outside Manager.mu: a try that starts
// meanwhile (a Retry) begins from byte 0 and never resumes the file being
// removed.
func (it *item) dropPart() string {
	if it.name == "" || !it.ownsPart {
		return ""
	}
	it.ownsPart = false
	return it.partPath()
}
