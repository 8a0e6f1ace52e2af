package try

import (
	"net/http"

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
// from a server that takes ranges and names its version. The missing
// spans reach the journal before the file is written; the file's own note
// keeps no version, so that without the journal it restarts from byte 0
// rather than resume from a size that says nothing. ok is false for a
// file written from its start.
func (t *Try) splitPlan(a transfer.Answer, exclusive bool, tag disk.Tag) (plan transfer.Plan, ok bool) {
	holes := t.j.Holes
	resuming := len(holes) > 0 && a.Resp.StatusCode == http.StatusPartialContent
	if !resuming {
		if t.j.Limits.Connections < 2 || t.j.OneConnection || !a.Ranges || !tag.HasVersion() ||
			a.Total-a.Offset < t.j.Limits.SplitThreshold {
			if holes != nil {
				t.p.Item.SetHoles(nil) // written from its start now
			}
			return transfer.Plan{}, false
		}
		holes = ranges.Holes{{Start: a.Offset, End: a.Total}}
	}
	tracker := ranges.NewTracker(holes)
	t.split = tracker
	if err := t.setHoles(tracker); err != nil {
		return t.stop(Outcome{Verdict: unjournaledVerdict(err)}), true
	}
	f, err := t.p.Disk.OpenSplitPart(t.part, a.Offset, resuming, exclusive, disk.Tag{Link: tag.Link})
	split := &transfer.Split{Connections: t.j.Limits.Connections, Holes: holes, Tracker: tracker,
		Slots: itemSlots{site: t.p.Site, item: t.p.Item}}
	return transfer.Plan{File: f, OpenErr: err, Split: split}, true
}

// setHoles makes the item's missing spans the tracker's and writes them
// to the journal before the file is written.
func (t *Try) setHoles(tracker *ranges.Tracker) error {
	t.p.Item.SetHoles(tracker)
	return t.p.Journal.Flush(false)
}

// itemSlots are the site's slots of a file's extra connections, counted
// on the item too: its snapshot shows how many fetch it.
type itemSlots struct {
	site Site
	item Item
}

// TryAcquire takes a slot for one more connection when the site has one.
func (s itemSlots) TryAcquire() bool {
	if !s.site.TryAcquire() {
		return false
	}
	s.item.Connections(1)
	return true
}

// Release gives back a slot TryAcquire gave.
func (s itemSlots) Release() {
	s.site.Release()
	s.item.Connections(-1)
}

// Refused says the server refused one more connection.
func (s itemSlots) Refused() { s.site.Refused() }
