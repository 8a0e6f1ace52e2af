package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"

	"haul/downloader"
	"haul/gui/kit"
)

// picked is the rows chosen with the mouse (Ctrl+click adds or removes
// one, Shift+click a range) or Ctrl+A, for the actions of the right-click
// menu. It holds item IDs only, so it stays small however long the list.
// Its methods pick rows and run the menu's actions on the rows picked.
type picked struct {
	u   *UI
	ids map[downloader.ID]struct{}
	// anchor is the list position a Shift+click range starts from.
	anchor int
}

// has says whether an item is picked.
func (p *picked) has(id downloader.ID) bool {
	_, ok := p.ids[id]
	return ok
}

// click picks rows as a file manager does: a plain click picks one row,
// Ctrl (Cmd on macOS) adds or removes one, Shift picks the range from the
// last plain click.
func (p *picked) click(pos int, mod fyne.KeyModifier) {
	u := p.u
	id := u.rows.id(u.filter.model(pos))
	switch {
	case mod&(fyne.KeyModifierShortcutDefault) != 0:
		if p.has(id) {
			delete(p.ids, id)
		} else {
			p.ids[id] = struct{}{}
		}
		p.anchor = pos
	case mod&fyne.KeyModifierShift != 0:
		clear(p.ids)
		for i := min(p.anchor, pos); i <= max(p.anchor, pos) && i < u.filter.len(); i++ {
			p.ids[u.rows.id(u.filter.model(i))] = struct{}{}
		}
	default:
		clear(p.ids)
		p.ids[id] = struct{}{}
		p.anchor = pos
	}
	u.list.Refresh()
}

// pickAll picks every row the list shows (Ctrl+A).
func (p *picked) pickAll() {
	u := p.u
	clear(u.picked.ids)
	for i := range u.filter.len() {
		u.picked.ids[u.rows.id(u.filter.model(i))] = struct{}{}
	}
	u.list.Refresh()
}

// targets are the items an action on row id applies to: the picked rows
// when id is one of them, else id alone.
func (p *picked) targets(id downloader.ID) []downloader.ID {
	u := p.u
	if !u.picked.has(id) || len(u.picked.ids) < 2 {
		return []downloader.ID{id}
	}
	out := make([]downloader.ID, 0, len(u.picked.ids))
	for i := range u.rows.len() {
		if id := u.rows.id(i); u.picked.has(id) {
			out = append(out, id)
		}
	}
	return out
}

// each runs an engine action on every item in ids, in the background.
func (p *picked) each(ids []downloader.ID, action func(downloader.ID) bool) {
	u := p.u
	u.command(func() {
		for _, id := range ids {
			action(id)
		}
	})
}

// copyLinks puts the links of ids on the clipboard, one per line.
func (p *picked) copyLinks(ids []downloader.ID) {
	u := p.u
	want := make(map[downloader.ID]bool, len(ids))
	for _, id := range ids {
		want[id] = true
	}
	var b strings.Builder
	for i := range u.rows.len() {
		if it := &u.rows.items[i]; want[it.id] {
			b.WriteString(it.url)
			b.WriteByte('\n')
		}
	}
	u.app.Clipboard().SetContent(b.String())
}

// MouseDown picks the row with the modifiers held, before the list
// selects it.
func (r *row) MouseDown(e *desktop.MouseEvent) {
	if e.Button != desktop.MouseButtonPrimary {
		return
	}
	if m, ok := r.ui.rows.find(r.view.ID); ok {
		if pos, ok := r.ui.filter.position(m); ok {
			r.ui.picked.click(pos, e.Modifier)
		}
	}
}

// Tapped selects the clicked row in the list, so the details line shows
// it, and gives the list the keyboard, so Esc stops the batch: a row that
// handles the mouse itself takes the click from the list.
func (r *row) Tapped(*fyne.PointEvent) {
	u := r.ui
	if m, ok := u.rows.find(r.view.ID); ok {
		if pos, ok := u.filter.position(m); ok {
			u.list.Select(pos)
		}
	}
	u.win.Canvas().Focus(u.list)
}

// MouseUp does nothing; MouseDown did the picking.
func (r *row) MouseUp(*desktop.MouseEvent) {}

// pickedMenu is the part of the right-click menu that acts on every
// picked row: "Retry 3 downloads" and so on.
func (r *row) pickedMenu(ids []downloader.ID) []*fyne.MenuItem {
	u, n := r.ui, len(ids)
	d := kit.Data{"N": n}
	item := func(label string, icon fyne.Resource, action func()) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, action)
		it.Icon = icon
		return it
	}
	on := func(action func(downloader.ID) bool) func() { return func() { u.picked.each(ids, action) } }
	can := u.picked.pickedCan(ids)
	items := []*fyne.MenuItem{
		item(lang.XN("pick.retry", "Retry {{.N}} downloads", n, d), theme.ViewRefreshIcon(), on(u.m.Controls().Retry)),
		item(lang.XN("pick.pause", "Pause {{.N}} downloads", n, d), theme.MediaPauseIcon(), on(u.m.Controls().Pause)),
		item(lang.XN("pick.resume", "Resume {{.N}} downloads", n, d), theme.MediaPlayIcon(), on(u.m.Controls().Resume)),
		item(lang.XN("pick.cancel", "Cancel {{.N}} downloads", n, d), theme.CancelIcon(), on(u.m.Controls().Cancel)),
		item(lang.XN("pick.forget", "Forget {{.N}} links, to download them again next time", n, d), theme.HistoryIcon(), func() { u.archive.forgetRows(u, ids) }),
		item(lang.XN("pick.copy", "Copy {{.N}} links", n, d), theme.ContentCopyIcon(), func() { u.picked.copyLinks(ids) }),
	}
	for i, ok := range []bool{can.retry, can.pause, can.resume, can.cancel, can.forget} {
		items[i].Disabled = !ok
	}
	return items
}

// pickedActions says which commands would change any of the picked rows.
type pickedActions struct{ retry, pause, resume, cancel, forget bool }

// pickedCan looks at the picked rows' states: saved rows can be neither
// retried, paused nor canceled, only forgotten, like skipped ones.
func (p *picked) pickedCan(ids []downloader.ID) pickedActions {
	u := p.u
	var can pickedActions
	for _, id := range ids {
		i, ok := u.rows.find(id)
		if !ok {
			continue
		}
		it := u.rows.at(i)
		switch st := it.State; {
		case st == downloader.Failed || st == downloader.Canceled:
			can.retry = true
		case st == downloader.Done || st == downloader.Skipped:
			can.forget = true
			can.retry = can.retry || it.Forgotten
		case st == downloader.Paused:
			can.resume, can.cancel = true, true
		case !st.Final():
			can.pause, can.cancel = true, true
		}
	}
	return can
}
