package gui

import (
	"context"
	"time"

	"haul/gui/kit"
)

// run is the refresh loop. While downloads move it pulls the engine's
// snapshot once per tick; when nothing moves the ticker is stopped and the
// loop sleeps until the engine reports a change, so an idle window costs
// nothing. At most one refresh is waiting for the UI thread at any time.
func (u *UI) run(ctx context.Context, done chan<- struct{}) {
	defer close(done)
	ticker := time.NewTicker(tickInterval)
	ticker.Stop()
	defer ticker.Stop()
	ticking, dirty := false, true
	for {
		if dirty && !u.pending.Load() {
			upd, moving := u.ref.pull()
			dirty = false
			if moving != ticking {
				ticking = moving
				if ticking {
					ticker.Reset(tickInterval)
				} else {
					ticker.Stop()
				}
			}
			if !upd.empty() {
				u.pending.Store(true)
				u.do(func() { u.apply(upd) })
			}
		}
		var tick <-chan time.Time
		if ticking {
			tick = ticker.C
		}
		select {
		case <-ctx.Done():
			return
		case <-tick:
			note(u.env.probe.ticked)
			dirty = true
		case <-u.m.Changes():
			dirty = true
			if ticking {
				u.waitTick(ctx, ticker.C)
			}
		case <-u.kick:
			dirty = true
		case <-u.applied:
		}
	}
}

// waitTick holds a change back until the next tick, so a busy batch is
// redrawn at most once per tick however often items change state.
func (u *UI) waitTick(ctx context.Context, tick <-chan time.Time) {
	select {
	case <-ctx.Done():
	case <-tick:
		note(u.env.probe.ticked)
	}
}

// refreshSoon asks the loop for a refresh, for changes the engine does not signal.
func (u *UI) refreshSoon() {
	select {
	case u.kick <- struct{}{}:
	default:
	}
}

// showTotals shows the batch's totals on the line under the list, the
// batch's buttons, the tabs and the tray.
func (u *UI) showTotals(t totalsView) {
	u.totals.show(t)
	u.batch.enable(t.Summary)
	u.filter.showCounts(t.Summary)
	if u.tray != nil {
		u.tray.show(t)
	}
}

// apply shows an update; it runs on the UI thread. Its work is bounded
// by the rows on screen, whatever the download rate: the model takes the
// changed items, then one refresh of the list draws the visible rows again.
func (u *UI) apply(upd update) {
	note(u.env.probe.applied)
	reshaped := u.rows.apply(upd)
	u.slowed = upd.slowed
	u.edits.settle(upd.rows)
	// Rows read the batch's state (stopped or running), so the totals go first.
	wasRunning := u.totals.Summary().Running
	if upd.newTotals {
		u.showTotals(upd.totals)
	}
	reordered := u.filter.on() && (reshaped || len(upd.rows) > 0)
	if reordered {
		u.filter.reindex()
	}
	if reshaped || len(upd.rows) > 0 || upd.redraw || wasRunning != u.totals.Summary().Running {
		u.list.Refresh()
	}
	if reshaped {
		kit.Visible(u.emptyHint, u.rows.len() == 0)
	}
	if reshaped || reordered {
		u.list.keepSelection()
	}
	u.shown.Store(&shownTotals{at: upd.pulled, sum: upd.sum})
	if upd.saveProblem != "" {
		u.notice.set(upd.saveProblem)
	}
	if upd.ended != nil {
		u.notifyBatchEnd(*upd.ended)
		u.schedule.batchDone()
	}
	u.showDetail()
	u.pending.Store(false)
	select {
	case u.applied <- struct{}{}:
	default:
	}
}
