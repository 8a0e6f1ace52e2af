package gui

import (
	"strings"
	"time"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/downloader/schedule"
	"haul/gui/kit"
	"haul/i18n"
)

// totalsView is what the totals line and the batch progress bar show.
type totalsView struct {
	Text string
	// Progress is the fraction of items finished.
	Progress float64
	Summary  downloader.Summary
}

// newTotalsView sums up the batch: saved · skipped · failed · left · speed · time left.
func newTotalsView(s downloader.Summary) totalsView {
	v := totalsView{Summary: s}
	if s.Active == 0 {
		// The speed is shown only while something downloads: once nothing
		// does, its fading average is no change for the window to draw.
		v.Summary.Speed = 0
	}
	if s.Total == 0 {
		v.Text = lang.L("Nothing in the list yet")
		return v
	}
	v.Progress = float64(s.Finished()) / float64(s.Total)
	parts := []string{
		lang.X("totals.saved", "{{.N}} saved", kit.Data{"N": humanize.Comma(int64(s.Done))}),
		lang.X("totals.skipped", "{{.N}} skipped", kit.Data{"N": humanize.Comma(int64(s.Skipped))}),
		lang.X("totals.failed", "{{.N}} failed", kit.Data{"N": humanize.Comma(int64(s.Failed))}),
		lang.X("totals.left", "{{.N}} left", kit.Data{"N": humanize.Comma(int64(s.Left()))}),
	}
	if s.Canceled > 0 {
		parts = append(parts, lang.X("totals.canceled", "{{.N}} canceled", kit.Data{"N": humanize.Comma(int64(s.Canceled))}))
	}
	if s.Active > 0 && s.Speed >= 1 {
		parts = append(parts, speedText(s.Speed))
		if d, ok := s.ETA(); ok {
			parts = append(parts, lang.X("totals.eta", "about {{.Time}} left", kit.Data{"Time": durationText(d)}))
		}
	}
	v.Text = strings.Join(parts, " · ")
	return v
}

// withSites adds to the totals line the sites Haul holds back and what it
// learned of them, "example.com: 4 at once, about 20 a second", while the
// batch runs: once it is done, what was learned holds nothing back.
func (v totalsView) withSites(sites []downloader.SiteSlowed, now time.Time) totalsView {
	s := v.Summary
	if text := i18n.SlowedSites(kit.Tr, sites, now); text != "" && s.Running && s.Queued+s.Active+s.Waiting > 0 {
		v.Text += " · " + text
	}
	return v
}

// withHold puts first on the totals line why the schedule holds the
// downloads it paused, while it holds some.
func (v totalsView) withHold(r schedule.Reason, now time.Time) totalsView {
	if text := i18n.ScheduleHold(kit.Tr, r, now); text != "" && v.Summary.Paused > 0 {
		v.Text = text + " · " + v.Text
	}
	return v
}

// totals is the line under the list and the batch progress bar.
type totals struct {
	label *kit.TipLabel
	bar   *widget.ProgressBar
	shown totalsView
}

func newTotals() *totals {
	t := &totals{label: kit.NewTipLabel(), bar: widget.NewProgressBar()}
	t.bar.TextFormatter = t.barText
	t.show(newTotalsView(downloader.Summary{}))
	return t
}

// show puts v on the line and the bar; an empty list shows no bar.
func (t *totals) show(v totalsView) {
	t.shown = v
	t.label.SetText(v.Text)
	t.bar.SetValue(v.Progress)
	kit.Visible(t.bar, v.Summary.Total > 0)
}

// barText is what the bar says: how many of the list are finished.
func (t *totals) barText() string {
	s := t.shown.Summary
	return lang.X("totals.bar", "{{.N}} of {{.Total}} finished", kit.Data{"N": humanize.Comma(int64(s.Finished())), "Total": humanize.Comma(int64(s.Total))})
}

// Summary is the engine's summary as last shown.
func (t *totals) Summary() downloader.Summary { return t.shown.Summary }
