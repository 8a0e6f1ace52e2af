package kit

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TipLabel is a one-line label that cuts what does not fit with an
// ellipsis and, when it cuts, shows its whole text as a tip while the
// pointer rests on it. It takes no click: a tap reaches what holds it.
type TipLabel struct {
	widget.Label
	tooltip
}

// NewTipLabel makes an empty TipLabel.
func NewTipLabel() *TipLabel {
	l := &TipLabel{}
	l.Truncation = fyne.TextTruncateEllipsis
	l.tooltip = tooltip{owner: l}
	l.ExtendBaseWidget(l)
	return l
}

// Cut says whether the label's text is wider than the label.
func (l *TipLabel) Cut() bool {
	need := fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
	return need > l.Size().Width
}

// MouseIn starts the tip's wait when the text is cut.
func (l *TipLabel) MouseIn(*desktop.MouseEvent) {
	l.text = ""
	if l.Cut() {
		l.text = l.Text
	}
	l.hoverIn()
}

// MouseMoved does nothing: the tip stays while the pointer is on the label.
func (l *TipLabel) MouseMoved(*desktop.MouseEvent) {}

// MouseOut hides the tip.
func (l *TipLabel) MouseOut() { l.hoverOut() }
