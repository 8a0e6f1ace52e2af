package gui

import (
	"time"

	"haul/downloader"
)

// shownTotals is the summary on screen and when the engine was read for it.
type shownTotals struct {
	at  time.Time
	sum downloader.Summary
}

// TotalsShown returns the summary the window shows and when the engine was
// read for it (zero before the first refresh), so a benchmark can measure
// how far the screen lags the engine. It is safe from any goroutine.
func (u *UI) TotalsShown() (downloader.Summary, time.Time) {
	s := u.shown.Load()
	if s == nil {
		return downloader.Summary{}, time.Time{}
	}
	return s.sum, s.at
}
