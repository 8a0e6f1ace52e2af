package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// rowList is the list of downloads. With the keyboard in it, Esc does what
// it does in the window: it stops the batch.
type rowList struct {
	widget.List
	ui *UI
}

func newRowList(u *UI) *rowList {
	l := &rowList{ui: u}
	l.Length = func() int { return u.filter.len() }
	l.CreateItem = func() fyne.CanvasObject { return newRow(u) }
	l.UpdateItem = func(id widget.ListItemID, o fyne.CanvasObject) { o.(*row).set(u.rowView(u.filter.model(id))) }
	l.OnSelected = func(id widget.ListItemID) {
		u.selected = u.filter.model(id)
		u.selectedID = u.rows.id(u.selected)
		u.showDetail()
	}
	l.OnUnselected = func(widget.ListItemID) { u.selected = -1; u.showDetail() }
	l.ExtendBaseWidget(l)
	return l
}

// keepSelection keeps the list's selection on the download it was on
// once rows moved, came or went: the list selects a position, and a row
// moved to the top must not leave the row now in its old place
// highlighted. A download no longer shown is unselected.
func (l *rowList) keepSelection() {
	u := l.ui
	if u.selected < 0 {
		return
	}
	pos := -1
	if m, ok := u.rows.find(u.selectedID); ok {
		if p, ok := u.filter.position(m); ok {
			u.selected, pos = m, p
		}
	}
	if pos < 0 {
		l.UnselectAll()
		return
	}
	l.Select(pos)
}

// TypedShortcut picks every row on Ctrl+A; every other shortcut does what
// it does anywhere in the window (Ctrl+Enter starts, Ctrl+V pastes…), since
// Fyne hands shortcuts to the widget with the keyboard, not to the window.
func (l *rowList) TypedShortcut(s fyne.Shortcut) {
	if _, ok := s.(*fyne.ShortcutSelectAll); ok {
		l.ui.picked.pickAll()
		return
	}
	if c, ok := l.ui.win.Canvas().(fyne.Shortcutable); ok {
		c.TypedShortcut(s)
	}
}

// TypedKey stops the batch on Esc, removes the chosen rows on Delete and
// moves through the list otherwise.
func (l *rowList) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyEscape:
		l.ui.escape()
		return
	case fyne.KeyDelete:
		l.ui.edits.removeChosen()
		return
	}
	l.List.TypedKey(ev)
}
