package gui

import (
	"strings"

	"fyne.io/fyne/v2/lang"

	"haul/browser"
	"haul/browser/handover"
	"haul/downloader/pages"
	"haul/gui/kit"
	"haul/gui/picker"
	"haul/instance"
)

// Receive takes what another launch of Haul handed to this window: the
// lists or links it was opened with, or what the browser extension sent.
// It may be called from any goroutine and returns once the window has
// taken it, with how many links were added, and why a list could not be
// read: the launch says so and does not end as if all was well.
func (u *UI) Receive(r instance.Request) instance.Reply {
	var files intakeResult
	if len(r.Files) > 0 {
		files = u.intake.readFiles(r.Files, intakeResult{})
	}
	reply := make(chan instance.Reply, 1)
	u.do(func() { reply <- u.intake.receive(r, files) })
	return <-reply
}

// receive brings the window forward and takes r, whose lists gave files,
// on the UI thread.
func (l *intakeLine) receive(r instance.Request, files intakeResult) instance.Reply {
	u := l.ui
	u.win.Show()
	u.win.RequestFocus()
	reply := instance.Reply{Added: files.added, Error: strings.Join(files.errors, "; ")}
	if len(r.Files) > 0 {
		u.intake.showAdded(files)
	}
	if files.listFull > 0 {
		reply.NotAdded, reply.Note = files.listFull, listFullText(files.listFull, false)
	}
	if r.Browser != nil {
		added, notAdded := u.intake.fromBrowser(*r.Browser)
		reply.Added += added
		if notAdded > 0 {
			reply.NotAdded, reply.Note = reply.NotAdded+notAdded, listFullText(reply.NotAdded+notAdded, false)
		}
	}
	return reply
}

// fromBrowser uses a page's cookies and User-Agent for its pictures' sites
// (in memory only: they are saved only as a site rule the user makes),
// which tries again the downloads of its site that failed for want of
// them (saying so in the intake line), then
// opens the picker on the page's pictures, all chosen, as Find pictures
// does; links are queued as they are. It returns how many links were
// queued or shown, and how many a full list left out.
func (l *intakeLine) fromBrowser(m browser.Message) (added, notAdded int) {
	u := l.ui
	_, retried := handover.UseIn(m, u.m)
	if m.Type != browser.TypePictures {
		var r intakeResult
		r.count(handover.Queue(m, u.m))
		u.intake.showAdded(r)
		return r.added, r.listFull
	}
	src := picker.Source{Page: m.Page.URL}
	for _, link := range m.Links {
		size := m.Sizes[link]
		src.Images = append(src.Images, pages.Image{URL: link, Page: m.Page.URL, PageTitle: m.Page.Title, Source: pages.SourceImg,
			Width: size.Width, Height: size.Height})
	}
	u.ShowPictures(src)
	text := lang.XN("browser.received", "{{.N}} pictures from the browser to choose from", len(m.Links), kit.Data{"N": len(m.Links)})
	if retried > 0 {
		text = lang.XN("browser.signedin", "{{.N}} downloads tried again with the browser's sign-in; {{.Received}}",
			retried, kit.Data{"N": retried, "Received": text})
	}
	u.intake.set(text, nil)
	return len(m.Links), 0
}
