package picker

import (
	"context"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"haul/downloader"
	"haul/downloader/pages"
	"haul/gui/thumbnail"
)

// Host is what the picker needs of the window it opens in.
type Host struct {
	// Ctx ends when the window closes.
	Ctx   context.Context
	Win   fyne.Window
	Prefs fyne.Preferences
	// Do runs a function on the UI thread.
	Do     func(func())
	Engine *downloader.Manager
	Thumbs *thumbnail.Service
	// ShowDialog shows a dialog that Esc closes.
	ShowDialog func(dialog.Dialog)
	// Added is told what adding the chosen pictures gave: the links added,
	// those refused, and how many of the refused were failed links found
	// again, now tried again.
	Added func(ids []downloader.ID, rejected []downloader.Rejected, revived int)
	// Notice shows a message in the window's notice line.
	Notice func(string)
	// Watch, when set, watches a page for new pictures ("Watch this page");
	// rendered says its pictures were found with the browser.
	Watch func(page string, rendered bool)
	// Start starts the downloads, as the Start button does.
	Start func()
}

// Source is what the picker is opened on: the pictures found on a page
// (and the pages after it), with the pages that could not be read.
type Source struct {
	Page     string
	Images   []pages.Image
	Problems []pages.Problem
	// Rendered says the page was read with the browser.
	Rendered bool
	// Start says the user already asked to save the pictures (from the
	// browser): adding them starts the downloads.
	Start bool
}

// Pickers opens pickers in a window one at a time: a picker asked for
// while one is open opens once that one is closed.
type Pickers struct {
	host    Host
	open    *picker
	waiting []Source
	finder  *finder
}

// New is the pickers of the window host describes.
func New(host Host) *Pickers {
	return &Pickers{host: host}
}

// Show opens the picker on src, the pictures each page is about chosen;
// when a picker is already open, it opens after that one is closed.
func (ps *Pickers) Show(src Source) {
	if ps.open != nil {
		ps.waiting = append(ps.waiting, src)
		return
	}
	ps.open = newPicker(ps.host, src)
	ps.open.onClosed = func() {
		ps.open = nil
		if len(ps.waiting) > 0 {
			next := ps.waiting[0]
			ps.waiting = ps.waiting[1:]
			ps.Show(next)
		}
	}
	ps.host.ShowDialog(ps.open.dlg)
}

// Showing says whether a picker is open.
func (ps *Pickers) Showing() bool { return ps.open != nil }

// Preference keys the picker remembers its choices under.
const (
	prefFindPages = "find.pages"
	// prefBrowserSites are the sites whose pages are read with the browser.
	prefBrowserSites = "find.browsersites"
	// prefSiteFilters are the picker's filters, by site.
	prefSiteFilters = "picker.sitefilters"
)
