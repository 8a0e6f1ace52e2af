package gui

import (
	"errors"
	"path"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/gui/kit"
)

// rowEdits changes the list by hand through the engine's list editing:
// it removes rows (Delete, the row menu), moves them to the top or the
// bottom and names a download before it starts. A row removed while it
// downloads is removed once its download has stopped. It runs on the UI
// thread; the engine's calls run as commands.
type rowEdits struct {
	u *UI
	// pending are the rows removed while they downloaded.
	pending map[downloader.ID]bool
}

func newRowEdits(u *UI) *rowEdits {
	return &rowEdits{u: u, pending: map[downloader.ID]bool{}}
}

// remove takes rows off the list and says how many went; saved files
// stay on disk.
func (e *rowEdits) remove(ids []downloader.ID) {
	u := e.u
	for _, id := range ids {
		delete(u.picked.ids, id)
	}
	edit := downloader.EditList(u.m)
	u.command(func() {
		removed, pending := edit.Remove(ids...)
		u.do(func() {
			for _, id := range pending {
				e.pending[id] = true
			}
			if n := removed + len(pending); n > 0 {
				u.intake.set(lang.XN("removed", "Removed {{.N}} from the list; saved files stay in their folder.", n, kit.Data{"N": n}), nil)
			}
		})
	})
}

// settle removes the rows removed while they downloaded once they have
// stopped; the refresh loop calls it with the rows that changed.
func (e *rowEdits) settle(rows []rowItem) {
	if len(e.pending) == 0 {
		return
	}
	var now []downloader.ID
	for _, it := range rows {
		if e.pending[it.id] && it.state.Final() {
			delete(e.pending, it.id)
			now = append(now, it.id)
		}
	}
	if len(now) > 0 {
		e.remove(now)
	}
}

// move puts rows at the top or the bottom of the list.
func (e *rowEdits) move(ids []downloader.ID, top bool) {
	edit := downloader.EditList(e.u.m)
	e.u.command(func() {
		if top {
			edit.MoveToTop(ids...)
		} else {
			edit.MoveToBottom(ids...)
		}
	})
}

// canRename says a row's download may still be given a name: it has not
// started saving a file.
func canRename(v rowView) bool {
	switch v.State {
	case downloader.Queued, downloader.Paused, downloader.Failed, downloader.Canceled:
		return v.Title == ""
	}
	return false
}

// askName asks for the name a download is saved under, before it starts.
func (e *rowEdits) askName(v rowView) {
	u := e.u
	var d *dialog.FormDialog
	name := kit.NewEscEntry(func() { d.Hide() })
	shown := v.name()
	name.SetText(shown[:len(shown)-len(path.Ext(shown))])
	text := widget.NewLabel(lang.L("The file keeps the extension of what the site sends."))
	text.Importance = widget.LowImportance
	d = dialog.NewForm(lang.L("Rename"), lang.L("Rename"), lang.L("Cancel"),
		[]*widget.FormItem{widget.NewFormItem(lang.L("File name:"), name), widget.NewFormItem("", text)}, func(ok bool) {
			if ok {
				e.rename(v, name.Text)
			}
		}, u.win)
	name.OnSubmitted = func(string) { d.Submit() }
	d.Resize(fyne.NewSize(440, 0))
	u.showDialog(d)
	u.win.Canvas().Focus(name)
}

// rename gives the download of v the name typed, or says why it cannot.
func (e *rowEdits) rename(v rowView, typed string) {
	err := downloader.EditList(e.u.m).Rename(v.ID, typed)
	switch {
	case err == nil:
		e.u.refreshSoon()
	case errors.Is(err, downloader.ErrNoName):
		e.u.showDialog(dialog.NewInformation(lang.L("Rename"), lang.L("Type a name for the file."), e.u.win))
	default:
		e.u.showDialog(dialog.NewInformation(lang.L("Rename"), lang.X("rename.started",
			"{{.Name}} has started downloading; a download can be renamed only before it starts.", kit.Data{"Name": v.name()}), e.u.win))
	}
}

// menuItems are the row menu's entries that edit the list, for the rows
// ids; v is the row the menu is for, renamed only when alone.
func (e *rowEdits) menuItems(v rowView, ids []downloader.ID) []*fyne.MenuItem {
	n := len(ids)
	d := kit.Data{"N": n}
	item := func(label string, icon fyne.Resource, action func()) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, action)
		it.Icon = icon
		return it
	}
	top, bottom, remove := lang.L("Move to top"), lang.L("Move to bottom"), lang.L("Remove from list")
	if n > 1 {
		top = lang.XN("pick.top", "Move {{.N}} to top", n, d)
		bottom = lang.XN("pick.bottom", "Move {{.N}} to bottom", n, d)
		remove = lang.XN("pick.remove", "Remove {{.N}} from list", n, d)
	}
	items := []*fyne.MenuItem{
		item(top, theme.MoveUpIcon(), func() { e.move(ids, true) }),
		item(bottom, theme.MoveDownIcon(), func() { e.move(ids, false) }),
	}
	if n == 1 {
		rename := item(lang.L("Rename…"), theme.DocumentCreateIcon(), func() { e.askName(v) })
		rename.Disabled = !canRename(v)
		items = append(items, rename)
	}
	return append(items, item(remove, theme.DeleteIcon(), func() { e.remove(ids) }))
}

// removeChosen removes the picked rows, or the selected one (Delete).
func (e *rowEdits) removeChosen() {
	u := e.u
	var ids []downloader.ID
	for i := range u.rows.len() {
		if id := u.rows.id(i); u.picked.has(id) {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 && u.selected >= 0 && u.selected < u.rows.len() {
		ids = append(ids, u.rows.id(u.selected))
	}
	if len(ids) > 0 {
		u.list.UnselectAll()
		e.remove(ids)
	}
}
