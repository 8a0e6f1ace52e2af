package picker

import (
	"slices"
	"time"

	"fyne.io/fyne/v2"

	"haul/downloader/render"
)

// prefPageTimeout is how long the browser may read one page, in seconds,
// as the user chose it under More…; unset means render.DefaultPageTimeout.
const prefPageTimeout = "pictures.pageTimeoutSeconds"

// PageTimeoutChoices are the time limits offered for reading one page
// with the browser: long enough for slow galleries, short enough that a
// page whose scripts never stop is given up in the same sitting.
var PageTimeoutChoices = []time.Duration{30 * time.Second, time.Minute, 2 * time.Minute, 5 * time.Minute, 10 * time.Minute}

// PageTimeout is how long the browser may read one page (Find pictures and
// the watched pages' checks), as the preferences p remember it.
func PageTimeout(p fyne.Preferences) time.Duration {
	d := time.Duration(p.IntWithFallback(prefPageTimeout, 0)) * time.Second
	if !slices.Contains(PageTimeoutChoices, d) {
		return render.DefaultPageTimeout
	}
	return d
}

// SetPageTimeout remembers d, one of PageTimeoutChoices, in p.
func SetPageTimeout(p fyne.Preferences, d time.Duration) {
	p.SetInt(prefPageTimeout, int(d/time.Second))
}
