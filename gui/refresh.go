package gui

import (
	"slices"
	"time"

	"haul/downloader"
)

// tickInterval is how often the list is refreshed while something moves (8 Hz).
const tickInterval = 125 * time.Millisecond

// update is what changed since the last refresh, ready to apply on the UI thread.
type update struct {
	// full replaces every row (items were added or cleared) with views.
	full  bool
	views []rowView
	// changed lists the rows whose views differ, with their new views.
	changed      []int
	changedViews []rowView
	totals       totalsView
	newTotals    bool
	// ended carries the final counts when a batch has just finished.
	ended *downloader.Summary
	// saveProblem says the download list has just stopped being saved.
	saveProblem string
}

func (u update) empty() bool {
	return !u.full && len(u.changed) == 0 && !u.newTotals && u.ended == nil && u.saveProblem == ""
}

// refresher remembers what the UI shows and works out what changed. It is
// owned by the refresh loop goroutine.
type refresher struct {
	m         *downloader.Manager
	snaps     []downloader.ItemSnapshot
	views     []rowView
	totals    totalsView
	started   bool
	batchOpen bool
	// saveFailed says the last journal write failed and was reported.
	saveFailed bool
}

// pull takes a snapshot and returns the changes, and whether anything is
// moving (so the loop keeps ticking).
func (r *refresher) pull(now time.Time) (update, bool) {
	snaps, sum := r.m.Snapshot()
	var u update
	u.full = !r.started || !sameItems(r.snaps, snaps)
	r.started = true
	if u.full {
		r.views = make([]rowView, len(snaps))
	}
	for i, s := range snaps {
		if !u.full && s == r.snaps[i] && s.State != downloader.Waiting {
			continue
		}
		v := newRowView(s, now)
		if !u.full && v == r.views[i] {
			continue
		}
		r.views[i] = v
		if !u.full {
			u.changed = append(u.changed, i)
			u.changedViews = append(u.changedViews, v)
		}
	}
	r.snaps = snaps
	if u.full {
		u.views = slices.Clone(r.views)
	}
	if t := newTotalsView(sum); t != r.totals {
		r.totals, u.totals, u.newTotals = t, t, true
	}
	u.saveProblem = r.saveProblem()
	moving := sum.Queued+sum.Active+sum.Waiting > 0
	switch {
	case !sum.Running:
		r.batchOpen = false
	case moving:
		r.batchOpen = true
	case sum.Left() == 0 && r.batchOpen:
		r.batchOpen = false
		u.ended = &sum
	}
	return u, sum.Running && moving
}

// saveProblem returns the notice for a failure to save the list, once
// per run of failures.
func (r *refresher) saveProblem() string {
	err := r.m.SaveError()
	if err == nil || r.saveFailed {
		r.saveFailed = err != nil
		return ""
	}
	r.saveFailed = true
	return saveErrorText(err)
}

// sameItems reports whether two snapshots list the same items in the same order.
func sameItems(a, b []downloader.ItemSnapshot) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].ID != b[i].ID {
			return false
		}
	}
	return true
}
