package picker

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/gui/kit"
	"haul/gui/thumbnail"
	"haul/i18n"
)

// Column widths of a picture's line; the name takes the rest, so that it
// has the room even at 800 × 600.
var pickColumns = []float32{32, thumbnail.Side, 0, 150}

// pickRow is one line of the picker: a picture (a check box, its
// thumbnail, its file name over its alt text or why it was not chosen,
// its type and size), the heading of a page's pictures, or the line that
// shows a page's pictures not chosen.
type pickRow struct {
	widget.BaseWidget
	p    *picker
	kind rowKind
	pick *pick
	// url is the picture whose thumbnail this row asked for.
	url   string
	group *group

	check       *widget.Check
	thumb       *canvas.Image
	placeholder *widget.Icon
	name, note  *widget.Label
	info        *widget.Label
	picture     fyne.CanvasObject

	heading *widget.Label

	more     *widget.Label
	toggle   *widget.Button
	moreLine fyne.CanvasObject
}

func newPickRow(p *picker) *pickRow {
	r := &pickRow{p: p, thumb: canvas.NewImageFromImage(nil),
		placeholder: widget.NewIcon(theme.NewDisabledResource(theme.FileImageIcon()))}
	r.check = widget.NewCheck("", func(on bool) {
		if r.pick != nil && r.pick.chosen != on {
			r.pick.chosen, r.pick.touched = on, true
			p.count()
		}
	})
	r.thumb.FillMode = canvas.ImageFillContain
	r.thumb.SetMinSize(fyne.NewSquareSize(thumbnail.Side))
	r.name, r.note, r.info = kit.TruncLabel(), kit.TruncLabel(), kit.TruncLabel()
	r.note.Importance = widget.LowImportance
	r.note.SizeName = theme.SizeNameCaptionText
	r.info.Importance = widget.LowImportance
	r.picture = container.New(&kit.Columns{Widths: pickColumns, Gap: theme.Padding()},
		container.NewCenter(r.check), container.NewStack(r.placeholder, r.thumb), middle(r.name, r.note), middle(r.info))
	r.heading = kit.TruncLabel()
	r.heading.TextStyle.Bold = true
	r.more = kit.TruncLabel()
	r.more.Importance = widget.LowImportance
	r.toggle = widget.NewButton("", func() {
		if r.group != nil {
			p.toggleGroup(r.group)
		}
	})
	r.moreLine = container.NewBorder(nil, nil, nil, container.NewCenter(r.toggle), middle(r.more))
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer stacks the three kinds of line; bind shows one.
func (r *pickRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewStack(r.picture, middle(r.heading), r.moreLine))
}

// bind shows a line of the list.
func (r *pickRow) bind(row listRow) {
	r.kind, r.group = row.kind, row.group
	kit.Visible(r.picture, row.kind == rowPicture)
	kit.Visible(r.heading, row.kind == rowPage)
	kit.Visible(r.moreLine, row.kind == rowMore)
	switch row.kind {
	case rowPicture:
		r.bindPicture(r.p.picks[row.pick])
	case rowPage:
		r.unbindPicture()
		r.heading.SetText(groupHeading(row.group))
	case rowMore:
		r.unbindPicture()
		r.more.SetText(moreText(row.group))
		if row.group.open {
			r.toggle.SetText(lang.L("Hide"))
		} else {
			r.toggle.SetText(lang.L("Show"))
		}
	}
}

// groupHeading names a page: its title and address.
func groupHeading(g *group) string {
	if g.title == "" {
		return pageLabel(g.page)
	}
	return g.title + " — " + pageLabel(g.page)
}

// bindPicture shows a picture; a row that moves to another picture lets
// go of the old thumbnail and asks for the new one.
func (r *pickRow) bindPicture(pk *pick) {
	r.pick = pk
	if r.url != pk.img.URL {
		r.unbindPicture()
		r.url = pk.img.URL
		r.p.thumbs.want(r.url, pk.img.Page)
	}
	r.pick = pk
	r.check.SetChecked(pk.chosen)
	r.name.SetText(pk.name)
	note := pk.img.Alt
	if !pk.img.Chosen() {
		note = lang.X("picker.notchosen", "Not chosen: {{.Why}}", kit.Data{"Why": i18n.LeftOutReason(kit.Tr, pk.img.Why)})
	}
	r.note.SetText(note)
	kit.Visible(r.note, note != "")
	r.info.SetText(pk.typeAndSize())
	if t, ok := r.p.thumbs.cached(r.url); ok && t.Img != nil {
		r.thumb.Image = t.Img
		r.thumb.Refresh()
		r.thumb.Show()
		r.placeholder.Hide()
	} else {
		r.thumb.Hide()
		r.placeholder.Show()
	}
}

// unbindPicture lets go of the thumbnail the row showed.
func (r *pickRow) unbindPicture() {
	if r.url != "" {
		r.p.thumbs.release(r.url)
		r.url = ""
	}
	r.pick = nil
}

// tip is what the pointer resting on the row shows: the picture's name
// and why it was not chosen, or its alt text.
func (r *pickRow) tip() string {
	if r.kind != rowPicture || r.pick == nil {
		return ""
	}
	if r.note.Text == "" {
		return r.pick.img.URL
	}
	return r.pick.name + " — " + r.note.Text
}

// MouseIn shows the row's tip.
func (r *pickRow) MouseIn(*desktop.MouseEvent) { r.p.tips.hover(r, r.tip()) }

// MouseMoved does nothing more: the tip shows already.
func (r *pickRow) MouseMoved(*desktop.MouseEvent) {}

// MouseOut takes the row's tip away.
func (r *pickRow) MouseOut() { r.p.tips.leave(r) }

// middle centres labels vertically in a column.
func middle(objects ...fyne.CanvasObject) fyne.CanvasObject {
	box := container.NewVBox(layout.NewSpacer())
	for _, o := range objects {
		box.Add(o)
	}
	box.Add(layout.NewSpacer())
	return box
}
