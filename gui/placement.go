package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"haul/downloader/naming"
	"haul/gui/kit"
)

// Preference keys of the placement settings.
const (
	prefPageFolders  = "pictures.pageFolders"
	prefNameTemplate = "pictures.nameTemplate"
)

// placement holds the settings that place pictures found on web pages: a
// folder per page, and a file-name template with a live example under it.
type placement struct {
	r        *settingsRow
	folders  *kit.EscCheck
	template *kit.EscEntry
	example  *widget.Label
}

func newPlacement(r *settingsRow) *placement {
	p := &placement{r: r}
	p.folders = kit.NewEscCheck(lang.L("Save each page's pictures in a folder named after the page"), nil)
	p.folders.Checked = r.limits.PageFolders
	p.folders.OnChanged = func(on bool) { r.limits.PageFolders = on; r.apply() }
	p.template = kit.NewEscEntry(nil)
	p.template.SetPlaceHolder("{page} {n}.{ext}")
	p.template.SetText(r.limits.NameTemplate)
	p.example = widget.NewLabel("")
	p.example.Wrapping = fyne.TextWrapWord
	p.example.Importance = widget.LowImportance
	p.showExample(r.limits.NameTemplate)
	p.template.OnChanged = p.changed
	return p
}

// box lays the placement settings out for the More settings dialog.
func (p *placement) box() fyne.CanvasObject {
	return container.NewVBox(p.folders,
		widget.NewForm(widget.NewFormItem(lang.L("Name pictures from pages:"), p.template)), p.example)
}

// changed shows the example for a typed template and applies it, unless it
// names a field that does not exist.
func (p *placement) changed(tmpl string) {
	p.showExample(tmpl)
	if naming.UnknownField(tmpl) != "" {
		return
	}
	p.r.limits.NameTemplate = strings.TrimSpace(tmpl)
	p.r.apply()
}

// showExample says what a template makes of a sample picture, or what is
// wrong with it.
func (p *placement) showExample(tmpl string) {
	p.example.Importance = widget.LowImportance
	switch field := naming.UnknownField(tmpl); {
	case field != "":
		p.example.Importance = widget.DangerImportance
		p.example.SetText(lang.X("template.unknown", "{{.Field}} is not a field: use {n}, {name}, {ext}, {host}, {page}, {alt} or {date}", kit.Data{"Field": field}))
	case strings.TrimSpace(tmpl) == "":
		p.example.SetText(lang.L("Pictures keep their own names. Fields: {n} position on the page, {name} own name, {ext} extension, {host} site, {page} page title, {alt} the picture's alt text or caption, {date} the day."))
	default:
		p.example.SetText(lang.X("template.example", "Example: {{.Name}}", kit.Data{"Name": templateExample(tmpl)}))
	}
}

// templateExample is the name a template gives the 7th of 120 pictures on
// a sample page.
func templateExample(tmpl string) string {
	placed := naming.PlaceTemplate(strings.TrimSpace(tmpl), 7, 120, "images.example.com", lang.L("Beach photos"))
	return naming.FromTemplate(placed, "IMG_4411.jpg")
}
