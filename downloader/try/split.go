package try

import (
	"net/http"
	"sync"

	"haul/downloader/disk"
	"haul/downloader/ranges"
	"haul/downloader/transfer"
)

// Fetching a large file over several connections (package transfer does
// the fetching, package ranges the bookkeeping): the try decides when,
// opens the temporary file for writing at any offset, takes the extra
// connections' slots from the site, and keeps the missing spans in the
// item's record, so a run after a crash asks only for them.

// splitPlan fetches the file over several connections when that gains:
// the rest of a file an earlier try fetched in parts, or a large file
// from a server that takes ranges and names its version, when a slot is
// free now for a second connection (taken here and handed to it); with
// every slot busy one connection fetches the file as fast, with less to
// do. The missing
// spans reach the journal before the file is written; the file's own note
// keeps no version, so that without the journal it restarts from byte 0
// rather than resume from a size that says nothing. ok is false for a
// file written from its start.
func (t *Try) splitPlan(a transfer.Answer, exclusive bool, tag disk.Tag) (plan transfer.Plan, ok bool) {
	holes := t.j.Holes
	resuming := len(holes) > 0 && a.Resp.StatusCode == http.StatusPartialContent
	slots := &itemSlots{site: t.p.Site, item: t.p.Item}
	if !resuming {
		if t.j.Limits.Connections < 2 || t.j.OneConnection || !a.Ranges || !tag.HasVersion() ||
			a.Total-a.Offset < t.j.Limits.SplitThreshold || !slots.reserve() {
			if holes != nil {
				t.p.Item.SetHoles(nil) // written from its start now
			}
			return transfer.Plan{}, false
		}
		holes = ranges.Holes{{Start: a.Offset, End: a.Total}}
	}
	t.slots = slots
	tracker := ranges.NewTracker(holes)
	t.split = tracker
	if err := t.setHoles(tracker); err != nil {
		return t.stop(Outcome{Verdict: unjournaledVerdict(err)}), true
	}
	f, err := t.p.Disk.OpenSplitPart(t.part, a.Offset, resuming, exclusive, disk.Tag{Link: tag.Link})
	split := &transfer.Split{Connections: t.j.Limits.Connections, Holes: holes, Tracker: tracker, Slots: slots}
	return transfer.Plan{File: f, OpenErr: err, Split: split}, true
}

// setHoles makes the item's missing spans the tracker's and writes them
// to the journal before the file is written.
func (t *Try) setHoles(tracker *ranges.Tracker) error {
	t.p.Item.SetHoles(tracker)
	return t.p.Journal.Flush(false)
}

// itemSlots are the site's slots of a file's extra connections, counted
// on the item too (its snapshot shows how many fetch it), with the one
// taken when the plan was made (spare) for the first.
type itemSlots struct {
	site  Site
	item  Item
	mu    sync.Mutex
	spare bool
}

// reserve takes a slot now for the first extra connection.
func (s *itemSlots) reserve() bool {
	s.spare = s.site.TryAcquire()
	return s.spare
}

// TryAcquire takes a slot for one more connection: the spare one, else
// one the site has free now.
func (s *itemSlots) TryAcquire() bool {
	s.mu.Lock()
	spare := s.spare
	s.spare = false
	s.mu.Unlock()
	if !spare && !s.site.TryAcquire() {
		return false
	}
	s.item.Connections(1)
	return true
}

// Release gives back a slot TryAcquire gave.
func (s *itemSlots) Release() {
	s.site.Release()
	s.item.Connections(-1)
}

// Refused says the server refused one more connection.
func (s *itemSlots) Refused() { s.site.Refused() }

// done gives back the spare slot when no connection took it.
func (s *itemSlots) done() {
	s.mu.Lock()
	spare := s.spare
	s.spare = false
	s.mu.Unlock()
	if spare {
		s.site.Release()
	}
}
