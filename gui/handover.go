package gui

import (
	"strings"

	"fyne.io/fyne/v2/lang"

	"haul/browser"
	"haul/browser/handover"
	"haul/gui/kit"
	"haul/gui/picker"
	"haul/i18n"
	"haul/instance"
)

// Receive takes what another launch of Haul handed to this window: the
// lists or links it was opened with, or what the browser extension sent.
// It may be called from any goroutine and returns once the window has
// taken it, with how many links were added, and why a list could not be
// read: the launch says so and does not end as if all was well. The lists
// and what the browser sent are worked out first, off the UI thread: the
// browser's pictures chosen, or queued at once.
func (u *UI) Receive(r instance.Request) instance.Reply {
	var files intakeResult
	if len(r.Files) > 0 {
		files = u.intake.readFiles(r.Files, intakeResult{})
	}
	var d browserDelivery
	if r.Browser != nil {
		d = u.intake.deliverBrowser(*r.Browser)
	}
	reply := make(chan instance.Reply, 1)
	u.do(func() { reply <- u.intake.receive(r, files, d) })
	return <-reply
}

// browserDelivery is what the window does with a message from the
// browser: open the picker on its pictures, or show what was queued at
// once.
type browserDelivery struct {
	src    *picker.Source
	queued *handover.Queued
	// retried counts the downloads of the pages' sites that failed for
	// want of a sign-in, tried again with the message's cookies.
	retried int
}

// deliverBrowser uses the message's cookies and User-Agent for its
// pictures' sites (in memory only: they are saved only as a site rule the
// user makes), which tries again the downloads of those sites that failed
// for want of them, then works out its pictures, each page's chosen as the
// page is about them, for the picker; links, and pictures the user asked
// to save at once, are queued now. It runs off the UI thread.
func (l *intakeLine) deliverBrowser(m browser.Message) browserDelivery {
	u := l.ui
	_, retried := handover.UseIn(m, u.m)
	if m.Type == browser.TypePictures && !m.AtOnce {
		return browserDelivery{src: &picker.Source{Page: m.Page.URL, Images: m.Pictures(), Start: true}, retried: retried}
	}
	q := handover.Queue(u.ctx, m, u.m)
	return browserDelivery{queued: &q, retried: retried}
}

// receive brings the window forward and takes r, whose lists gave files
// and whose browser message gave d, on the UI thread.
func (l *intakeLine) receive(r instance.Request, files intakeResult, d browserDelivery) instance.Reply {
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
	switch {
	case d.src != nil:
		n := len(d.src.Images)
		u.ShowPictures(*d.src)
		text := lang.XN("browser.received", "{{.N}} pictures from the browser to choose from", n, kit.Data{"N": n})
		if d.retried > 0 {
			text = lang.XN("browser.signedin", "{{.N}} downloads tried again with the browser's sign-in; {{.Received}}",
				d.retried, kit.Data{"N": d.retried, "Received": text})
		}
		u.intake.set(text, nil)
		reply.Added += n
	case d.queued != nil:
		added, notAdded := u.intake.savedFromBrowser(*d.queued)
		reply.Added += added
		if notAdded > 0 {
			reply.NotAdded, reply.Note = reply.NotAdded+notAdded, listFullText(reply.NotAdded+notAdded, false)
		}
		if left := len(d.queued.Left); left > 0 && reply.NotAdded == 0 {
			counts, _ := i18n.LeftOut(d.queued.Left)
			reply.Note = lang.XN("browser.leftout", "{{.Added}} to save; {{.N}} pictures left out: {{.Kinds}}", left,
				kit.Data{"Added": added, "N": left, "Kinds": i18n.LeftOutKinds(kit.Tr, counts)})
		}
	}
	return reply
}

// savedFromBrowser shows what was queued from the browser, and starts the
// downloads: the user already said to save them. It returns how many
// links were queued, and how many a full list left out.
func (l *intakeLine) savedFromBrowser(q handover.Queued) (added, notAdded int) {
	u := l.ui
	var r intakeResult
	r.count(q.IDs, q.Rejected)
	u.intake.showAdded(r)
	if r.added > 0 {
		u.batch.Start()
	}
	return r.added, r.listFull
}
