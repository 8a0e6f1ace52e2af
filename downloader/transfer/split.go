package transfer

import (
	"context"
	"errors"
	"io"
	"sync"
	"time"

	"haul/downloader/ranges"
)

// Split is how a file is fetched over several connections at once: the
// try's own answer streams the first missing span, and more connections,
// each asking for a span of its own, join as the engine's slots allow,
// one at a time. A connection that is done takes a span no one fetches
// yet, or the back half of the span with the most left, so the last
// seconds are not spent on one slow connection. Every answer must be of
// the version the file was started with, or the try ends Changed and the
// file restarts whole.
type Split struct {
	// Connections is the most connections at once, the try's own included.
	Connections int
	// Holes are the spans still missing; the try's answer starts at the first.
	Holes ranges.Holes
	// Tracker is told of every byte written, and of the holes left at each
	// checkpoint (once the file is synced), which a record may promise.
	Tracker *ranges.Tracker
	// Slots gives the connections beyond the try's own.
	Slots Slots
}

// Slots are the engine's download slots, which the extra connections of a
// split file count against (At once and the site's limit).
type Slots interface {
	// TryAcquire takes a slot for one more connection when one is free
	// now; it never waits.
	TryAcquire() bool
	// Release gives back a slot TryAcquire gave.
	Release()
	// Refused says the server refused one more connection (a 503, a 429,
	// a new connection refused or reset), so the site should be given no
	// more at once than it has. A request Haul ended itself, one lost on a
	// kept-alive connection, and a next span asked for by a connection the
	// site already served are no such refusal.
	Refused()
}

const (
	// minSteal is the least a connection takes from another: a span with
	// less than twice this left is not split.
	minSteal = 512 << 10
	// checkpointBytes is how much is written between two checkpoints.
	checkpointBytes = 1 << 20
	// growEvery is how often a split file looks again for a free slot
	// when none was free.
	growEvery = 250 * time.Millisecond
)

// errNoParts is a plan to split a file that cannot be written in parts.
var errNoParts = errors.New("the file cannot be written in parts")

// ErrEncodedPart is the cause of a split file that ends WrongPart because
// its server encoded a part asked for by range: encoded bytes of a part
// cannot be decoded alone, nor spliced with the file's, so the file
// starts over on one connection.
var ErrEncodedPart = errors.New("the server encoded a part of the file")

// ErrWholeAnswer is the cause of a split file that ends WrongPart because
// its server answered a request for a part with the whole file (200): it
// serves one connection from the start, which is no refusal. The
// connections already reading go on, no other starts, and what they leave
// is fetched on one connection.
var ErrWholeAnswer = errors.New("the server answered a request for a part with the whole file")

// split fetches the file the plan's Split describes and says how it ended.
func (t *try) split(p Plan, a Answer) Result {
	at, ok := p.File.(io.WriterAt)
	if !ok || len(p.Split.Holes) == 0 || p.Split.Holes[0].Start != a.Offset || a.Total <= 0 {
		p.File.Close()
		return Result{Ending: WriteFailed, Err: errNoParts}
	}
	s := newSplitRun(t, p, a, at)
	r := s.run(a.Head)
	if r.Ending != Complete {
		p.File.Close()
	}
	return r
}

// splitRun is one split file being fetched.
type splitRun struct {
	t       *try
	plan    *Split
	file    PartFile
	at      io.WriterAt
	total   int64
	version Job // the ETag and Last-Modified every answer must carry
	ifRange string
	ctx     context.Context
	cancel  context.CancelCauseFunc
	events  chan connEvent
	due     chan struct{} // signalled when a checkpoint is due

	mu      sync.Mutex
	conns   map[*splitConn]struct{}
	pending ranges.Holes // spans no connection fetches
	unsaved int64        // bytes written since the last checkpoint
}

// splitConn is one connection's share of the file: written up to pos,
// being read up to reserved, to be fetched up to end (which another
// connection may lower, to take the rest).
type splitConn struct {
	pos, reserved, end int64
	asked              int64      // the end its request asked for; 0 for the try's own answer
	extra              bool       // holds a slot of its own
	from               *splitConn // the connection its span was taken from; nil for none
}

// connEvent is what a connection reports: its first answer was accepted
// (started), or it ended: fail says how, nil when it had nothing left to do.
type connEvent struct {
	c       *splitConn
	started bool
	fail    *Result
	refused bool // the server would not serve this connection
	// oneMore says the refusal was of one more connection than the site
	// held, which teaches the site's limit.
	oneMore bool
}

// splitState is what the run knows of its connections.
type splitState struct {
	active   int
	ownFree  bool       // the try's own slot has no connection
	noGrow   bool       // a connection was refused or failed: no more slots are taken
	starting *splitConn // a connection waiting for its first answer
	fail     *Result    // a connection failed: no new one starts
	// ownRefused is the refusal of the connection on the try's own slot:
	// it starts again only once another connection has done its span.
	ownRefused *Result
	// changed is the answer after which the file starts over: of another
	// version, or an encoded part.
	changed *Result
	// whole is a part's request answered with the whole file: no
	// connection starts after it.
	whole *Result
}

func newSplitRun(t *try, p Plan, a Answer, at io.WriterAt) *splitRun {
	ctx, cancel := context.WithCancelCause(t.ctx)
	v := versionOf(a, t.job)
	return &splitRun{t: t, plan: p.Split, file: p.File, at: at, total: a.Total, version: v, ifRange: ifRangeOf(v),
		ctx: ctx, cancel: cancel, events: make(chan connEvent), due: make(chan struct{}, 1),
		conns: map[*splitConn]struct{}{}, pending: p.Split.Holes[1:]}
}

// run streams the try's answer as the first connection, adds more while
// there is work to share and slots to spare, and waits for them all.
func (s *splitRun) run(head []byte) Result {
	defer s.cancel(nil)
	stopFirst := context.AfterFunc(s.ctx, func() { s.t.resp.Body.Close() })
	defer stopFirst()
	first := &splitConn{pos: s.plan.Holes[0].Start, end: s.plan.Holes[0].End}
	s.conns[first] = struct{}{}
	st := splitState{active: 1}
	if n := min(int64(len(head)), first.end-first.pos); n > 0 {
		if err := s.write(first, head[:n]); err != nil {
			return Result{Ending: WriteFailed, Err: err}
		}
	}
	go s.serve(first, s.t.body, func() { s.t.resp.Body.Close() }, s.t.tctx)
	ticker := time.NewTicker(growEvery)
	defer ticker.Stop()
	for {
		s.grow(&st)
		if st.active == 0 {
			break
		}
		select {
		case ev := <-s.events:
			s.handle(ev, &st)
		case <-s.due:
			s.checkpoint()
		case <-ticker.C:
		}
	}
	s.checkpoint()
	return s.result(st)
}

// grow starts connections while there is work to share: on the try's own
// slot when its connection ended, else on a free slot, one at a time.
func (s *splitRun) grow(st *splitState) {
	for st.changed == nil && st.fail == nil && st.whole == nil && s.ctx.Err() == nil && st.starting == nil && s.hasWork() {
		c := &splitConn{}
		if !st.ownFree || st.ownRefused != nil {
			if st.noGrow || st.active >= s.plan.Connections || !s.plan.Slots.TryAcquire() {
				return
			}
			c.extra = true
		}
		if !s.assign(c) {
			s.release(c, st)
			return
		}
		if !c.extra {
			st.ownFree = false
		}
		st.active++
		st.starting = c
		go s.serve(c, nil, nil, nil)
	}
}

// handle takes in what a connection reports.
func (s *splitRun) handle(ev connEvent, st *splitState) {
	if st.starting == ev.c {
		st.starting = nil
	}
	if ev.started {
		return
	}
	st.active--
	s.release(ev.c, st)
	switch {
	case ev.fail == nil:
		st.ownRefused = nil
	case ev.fail.Ending == Changed, errors.Is(ev.fail.Err, ErrEncodedPart):
		st.changed = ev.fail
		s.cancel(errors.New("the file starts over"))
	case errors.Is(ev.fail.Err, ErrWholeAnswer):
		st.noGrow = true
		st.whole = ev.fail
	case ev.refused && ev.c.extra:
		st.noGrow = true
		if ev.oneMore {
			s.plan.Slots.Refused()
		}
	case ev.refused:
		st.noGrow = true
		st.ownRefused = ev.fail
	default:
		st.noGrow = true
		st.fail = ev.fail
	}
}

// release gives back the slot a connection held.
func (s *splitRun) release(c *splitConn, st *splitState) {
	if c.extra {
		s.plan.Slots.Release()
	} else {
		st.ownFree = true
	}
}

// result is how the run ended.
func (s *splitRun) result(st splitState) Result {
	missing := s.plan.Tracker.Holes().Missing()
	reached := s.total - missing
	switch {
	case missing == 0:
		return Result{Ending: Complete, File: s.file, Reached: s.total}
	case st.changed != nil:
		return *st.changed
	case s.t.ctx.Err() != nil:
		return Result{Ending: Interrupted, Reached: reached}
	case st.whole != nil:
		return withReached(*st.whole, reached)
	case st.fail != nil:
		return withReached(*st.fail, reached)
	case st.ownRefused != nil:
		return withReached(*st.ownRefused, reached)
	}
	return Result{Ending: ReadFailed, Err: io.ErrUnexpectedEOF, Reached: reached}
}

// checkpoint syncs the file and then tells the tracker which holes are
// left, so a record never promises bytes a power cut could lose.
func (s *splitRun) checkpoint() {
	holes := s.plan.Tracker.Holes()
	if s.file.Sync() != nil {
		return
	}
	s.plan.Tracker.Checkpoint(holes)
}

// withReached is r with the byte count the file got to.
func withReached(r Result, reached int64) Result {
	r.Reached = reached
	return r
}
