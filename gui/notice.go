package gui

import (
	"haul/gui/kit"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// noticeLine is a warning (the saved download list, a setting that could
// not be read), shown whole, on as many lines as it takes, until the user
// dismisses it; it is hidden while there is nothing to say.
type noticeLine struct {
	label   *widget.Label
	dismiss *widget.Button
	box     *fyne.Container
}

func newNoticeLine() *noticeLine {
	n := &noticeLine{label: widget.NewLabel("")}
	n.label.Importance = widget.WarningImportance
	n.label.Wrapping = fyne.TextWrapWord
	n.dismiss = widget.NewButtonWithIcon("", theme.CancelIcon(), func() { n.set("") })
	n.dismiss.Importance = widget.LowImportance
	icon := widget.NewIcon(theme.NewWarningThemedResource(theme.WarningIcon()))
	n.box = container.NewBorder(nil, nil, icon, n.dismiss, n.label)
	n.box.Hide()
	return n
}

// set shows msg, or hides the line when msg is empty.
func (n *noticeLine) set(msg string) {
	n.label.SetText(msg)
	kit.Visible(n.box, msg != "")
}

// withdraw hides the line if it still shows msg.
func (n *noticeLine) withdraw(msg string) {
	if msg != "" && n.label.Text == msg {
		n.set("")
	}
}
