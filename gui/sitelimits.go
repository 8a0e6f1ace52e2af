package gui

import (
	"slices"
	"time"

	"fyne.io/fyne/v2/lang"

	"haul/gui/kit"
	"haul/gui/picker"
)

// Choices offered under More… for how Haul treats one site.
var (
	// siteRateChoices are requests a second on one site; 0 is unlimited.
	siteRateChoices = []int{0, 1, 2, 5, 10, 20, 50}
	// siteWaitChoices are how long a site may refuse everything before its links fail.
	siteWaitChoices = []time.Duration{time.Minute, 5 * time.Minute, 10 * time.Minute, 30 * time.Minute, time.Hour}
)

// siteRateLabel names a per-site rate: "unlimited" or "20 a second".
func siteRateLabel(n int) string {
	if n <= 0 {
		return lang.L("unlimited")
	}
	return lang.X("site.rate", "{{.N}} a second", kit.Data{"N": n})
}

// siteWaitLabel names a bounded wait, such as "10 min".
func siteWaitLabel(d time.Duration) string {
	return durationText(d)
}

// newSiteLimitSelects makes the choices of a per-site rate and of the wait
// for a site that refuses everything, set to the row's limits.
func newSiteLimitSelects(r *settingsRow) (rate, wait *escSelect) {
	rateLabels := make([]string, len(siteRateChoices))
	for i, n := range siteRateChoices {
		rateLabels[i] = siteRateLabel(n)
	}
	rate = newEscSelect(rateLabels, r.ui.escape)
	rate.SetSelected(siteRateLabel(int(r.limits.PerHostRate)))
	rate.OnChanged = func(string) {
		r.limits.PerHostRate = float64(siteRateChoices[max(rate.SelectedIndex(), 0)])
		r.apply()
	}
	waitLabels := make([]string, len(siteWaitChoices))
	for i, d := range siteWaitChoices {
		waitLabels[i] = siteWaitLabel(d)
	}
	wait = newEscSelect(waitLabels, r.ui.escape)
	shown := r.limits.SiteWait
	if !slices.Contains(siteWaitChoices, shown) {
		shown = 10 * time.Minute
	}
	wait.SetSelected(siteWaitLabel(shown))
	wait.OnChanged = func(string) {
		r.limits.SiteWait = siteWaitChoices[max(wait.SelectedIndex(), 0)]
		r.apply()
	}
	return rate, wait
}

// newPageTimeoutSelect is the choice of how long the browser may read one
// page, remembered at once; Find pictures and the watched pages use it.
func newPageTimeoutSelect(u *UI) *escSelect {
	labels := make([]string, len(picker.PageTimeoutChoices))
	for i, d := range picker.PageTimeoutChoices {
		labels[i] = durationText(d)
	}
	s := newEscSelect(labels, u.escape)
	s.SetSelected(durationText(picker.PageTimeout(u.prefs)))
	s.OnChanged = func(string) {
		if i := s.SelectedIndex(); i >= 0 {
			picker.SetPageTimeout(u.prefs, picker.PageTimeoutChoices[i])
		}
	}
	return s
}
