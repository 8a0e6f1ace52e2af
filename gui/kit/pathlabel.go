package kit

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// PathLabel shows a folder's path on one line. When the path does not fit
// it leaves out its start rather than its end, "…/Pictures/Haul", since
// the last folders say which folder it is; resting the pointer on it then
// shows the whole path as a tip. It takes no click.
type PathLabel struct {
	widget.Label
	tooltip
	path string
}

// NewPathLabel makes a label showing path.
func NewPathLabel(path string) *PathLabel {
	l := &PathLabel{path: path}
	l.Text = path
	l.Truncation = fyne.TextTruncateEllipsis
	l.tooltip = tooltip{owner: l}
	l.ExtendBaseWidget(l)
	return l
}

// Path is the whole path.
func (l *PathLabel) Path() string { return l.path }

// SetPath shows another path.
func (l *PathLabel) SetPath(path string) {
	l.path = path
	l.Text = l.fitting(l.Size().Width)
	l.Refresh()
}

// Cut says whether the label shows less than the whole path.
func (l *PathLabel) Cut() bool {
	return l.Text != l.path || l.needs(l.Text) > l.Size().Width
}

// Resize fits the path to the new width.
func (l *PathLabel) Resize(size fyne.Size) {
	text := l.fitting(size.Width)
	l.Label.Resize(size)
	if text != l.Text {
		l.Text = text
		l.Refresh()
	}
}

// fitting is the path, or as many of its last parts as fit width after
// "…"; with not even the last one fitting, the label cuts its end.
func (l *PathLabel) fitting(width float32) string {
	if width <= 0 || l.needs(l.path) <= width {
		return l.path
	}
	sep := "/"
	if strings.Count(l.path, `\`) > strings.Count(l.path, "/") {
		sep = `\`
	}
	parts := strings.Split(strings.TrimRight(l.path, sep), sep)
	for i := 1; i < len(parts); i++ {
		text := "…" + sep + strings.Join(parts[i:], sep)
		if l.needs(text) <= width {
			return text
		}
	}
	return "…" + sep + parts[len(parts)-1]
}

// needs is the width text takes in the label.
func (l *PathLabel) needs(text string) float32 {
	return fyne.MeasureText(text, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
}

// MouseIn starts the tip's wait when the path is cut.
func (l *PathLabel) MouseIn(*desktop.MouseEvent) {
	l.text = ""
	if l.Cut() {
		l.text = l.path
	}
	l.hoverIn()
}

// MouseMoved does nothing: the tip stays while the pointer is on the label.
func (l *PathLabel) MouseMoved(*desktop.MouseEvent) {}

// MouseOut hides the tip.
func (l *PathLabel) MouseOut() { l.hoverOut() }
