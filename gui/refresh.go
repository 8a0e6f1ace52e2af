package gui

import (
	"time"

	"haul/downloader"
	"haul/downloader/schedule"
)

// tickInterval is how often the list is refreshed while something moves (8 Hz).
const tickInterval = 125 * time.Millisecond

// update is what changed since the last refresh, ready to apply on the UI
// thread. Its size follows what changed, not the length of the list.
type update struct {
	// pulled is when the engine was read.
	pulled time.Time
	sum    downloader.Summary
	// reset replaces every row with rows.
	reset bool
	changes
	// removed lists the items taken off the list.
	removed []downloader.ID
	// redraw asks for the rows on screen to be drawn again even when no
	// item changed: a waiting item's countdown moves on its own.
	redraw    bool
	totals    totalsView
	newTotals bool
	// ended carries the final counts when a batch has just finished.
	ended *downloader.Summary
	// saveProblem says the download list has just stopped being saved.
	saveProblem string
	// slowed are the sites Haul holds back, by key (host:port); nil when none.
	slowed map[string]bool
}

func (u update) empty() bool {
	return !u.reset && len(u.rows) == 0 && len(u.removed) == 0 && !u.redraw && !u.newTotals && u.ended == nil && u.saveProblem == ""
}

// refresher asks the engine what changed since the last refresh. It is
// owned by the refresh loop goroutine.
type refresher struct {
	m         *downloader.Manager
	rev       uint64
	totals    totalsView
	batchOpen bool
	// finished is how many items were final at the last pull: more now,
	// with none left, is a batch that ended between two pulls.
	finished int
	// saveFailed says the last journal write failed and was reported.
	saveFailed bool
	// slowed says the last pull found sites held back, so the rows are
	// drawn again once there are none.
	slowed bool
	// hold says why the schedule holds the downloads it paused; nil for
	// no schedule.
	hold func() schedule.Reason
}

// pull asks the engine for the changes since the last pull and returns
// them, and whether anything is moving (so the loop keeps ticking).
func (r *refresher) pull() (update, bool) {
	d := r.m.SnapshotSince(r.rev)
	r.rev = d.Rev
	sum := d.Summary
	u := update{pulled: time.Now(), sum: sum, reset: d.Reset, changes: compact(d.Items), removed: d.Removed, redraw: sum.Waiting > 0 || len(d.Slowed) > 0 || r.slowed}
	r.slowed = len(d.Slowed) > 0
	for _, s := range d.Slowed {
		if u.slowed == nil {
			u.slowed = map[string]bool{}
		}
		u.slowed[s.Site] = true
	}
	var hold schedule.Reason
	if r.hold != nil {
		hold = r.hold()
	}
	if t := newTotalsView(sum).withSites(d.Slowed, u.pulled).withHold(hold, u.pulled); t != r.totals {
		r.totals, u.totals, u.newTotals = t, t, true
	}
	u.saveProblem = r.saveProblem()
	moving := sum.Queued+sum.Active+sum.Waiting > 0
	finishedMore := sum.Finished() > r.finished
	r.finished = sum.Finished()
	switch {
	case !sum.Running:
		r.batchOpen = false
	case moving:
		r.batchOpen = true
	case sum.Left() == 0 && (r.batchOpen || finishedMore):
		r.batchOpen = false
		u.ended = &sum
	}
	return u, sum.Running && moving
}

// saveProblem returns the notice for a failure to save the list, once
// per run of failures.
func (r *refresher) saveProblem() string {
	err := r.m.Saved().SaveError()
	if err == nil || r.saveFailed {
		r.saveFailed = err != nil
		return ""
	}
	r.saveFailed = true
	return saveErrorText(err)
}
