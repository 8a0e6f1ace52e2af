package picker

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/gui/kit"
	"haul/gui/thumbnail"
)

// Column widths of a picker row; the name column takes the rest.
var pickColumns = []float32{32, thumbnail.Side, 0, 64, 110, 280}

// pickRow is one line of the picker: a check box, the thumbnail, the file
// name with the picture's alt text, its type, size and page.
type pickRow struct {
	widget.BaseWidget
	p    *picker
	pick *pick
	// url is the picture whose thumbnail this row asked for.
	url string

	check                      *widget.Check
	thumb                      *canvas.Image
	placeholder                *widget.Icon
	name, alt, typ, size, page *widget.Label
}

func newPickRow(p *picker) *pickRow {
	r := &pickRow{p: p, thumb: canvas.NewImageFromImage(nil),
		placeholder: widget.NewIcon(theme.NewDisabledResource(theme.FileImageIcon()))}
	r.check = widget.NewCheck("", func(on bool) {
		if r.pick != nil && r.pick.chosen != on {
			r.pick.chosen = on
			p.count()
		}
	})
	r.thumb.FillMode = canvas.ImageFillContain
	r.thumb.SetMinSize(fyne.NewSquareSize(thumbnail.Side))
	r.name, r.alt, r.typ, r.size, r.page = kit.TruncLabel(), kit.TruncLabel(), kit.TruncLabel(), kit.TruncLabel(), kit.TruncLabel()
	r.alt.Importance = widget.LowImportance
	r.alt.SizeName = theme.SizeNameCaptionText
	r.page.Importance = widget.LowImportance
	r.ExtendBaseWidget(r)
	return r
}

// CreateRenderer lays the row out in fixed columns.
func (r *pickRow) CreateRenderer() fyne.WidgetRenderer {
	content := container.New(&kit.Columns{Widths: pickColumns, Gap: theme.Padding()},
		container.NewCenter(r.check), container.NewStack(r.placeholder, r.thumb),
		middle(r.name, r.alt), middle(r.typ), middle(r.size), middle(r.page))
	return widget.NewSimpleRenderer(content)
}

// bind shows a picture; a row that moves to another picture lets go of
// the old thumbnail and asks for the new one.
func (r *pickRow) bind(pk *pick) {
	r.pick = pk
	if r.url != pk.img.URL {
		if r.url != "" {
			r.p.thumbs.release(r.url)
		}
		r.url = pk.img.URL
		r.p.thumbs.want(r.url, pk.img.Page)
	}
	r.check.SetChecked(pk.chosen)
	r.name.SetText(pk.name)
	r.alt.SetText(pk.img.Alt)
	kit.Visible(r.alt, pk.img.Alt != "")
	r.typ.SetText(pk.typ)
	r.size.SetText(pk.sizeText())
	r.page.SetText(pageLabel(pk.img.Page))
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

// middle centres labels vertically in a column.
func middle(objects ...fyne.CanvasObject) fyne.CanvasObject {
	box := container.NewVBox(layout.NewSpacer())
	for _, o := range objects {
		box.Add(o)
	}
	box.Add(layout.NewSpacer())
	return box
}
