package settings

import (
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// More is what the More settings dialog shows on its tabs: the download
// and picture settings the window owns, the network and the language.
type More struct {
	Downloads, Pictures fyne.CanvasObject
	// Watched lists the watched pages; nil leaves its tab out.
	Watched fyne.CanvasObject
	// Schedule is the hours, the data cap and the end of the batch.
	Schedule fyne.CanvasObject
	Network  *Network
	Prefs    fyne.Preferences
}

// Show shows the settings on three tabs, so that they fit in the smallest
// window; they apply as they are changed. closed runs once it is closed.
func (m More) Show(host Host, closed func()) {
	tabs := container.NewAppTabs(
		container.NewTabItem(lang.L("Downloads"), m.Downloads),
		container.NewTabItem(lang.L("Pictures"), m.Pictures),
		container.NewTabItem(lang.L("Network and language"), container.NewVBox(m.Network.Buttons(), widget.NewSeparator(), LanguageRow(m.Prefs))),
	)
	if m.Schedule != nil {
		tabs.Append(container.NewTabItem(lang.L("Schedule"), m.Schedule))
	}
	if m.Watched != nil {
		tabs.Append(container.NewTabItem(lang.L("Watched"), m.Watched))
	}
	d := dialog.NewCustom(lang.L("More settings"), lang.L("Close"), tabs, host.Win)
	d.SetOnClosed(closed)
	window := host.Win.Canvas().Size()
	width := min(window.Width-dialogMargins, 560)
	layOutEveryTab(tabs, width-dialogMargins)
	height := d.MinSize().Height
	if room := window.Height - windowMargin; height > room {
		scrollEveryTab(tabs)
		height = room
	}
	d.Resize(fyne.NewSize(width, height))
	host.ShowDialog(d)
}

// dialogMargins is at least the room a dialog takes beside its content.
const dialogMargins = 40

// windowMargin is the room left above and below a dialog as tall as the
// window allows.
const windowMargin = 16

// scrollEveryTab lets each tab scroll, for a window too short to show
// the tallest one whole: the Close button then stays below the settings
// instead of over them.
func scrollEveryTab(tabs *container.AppTabs) {
	for _, item := range tabs.Items {
		item.Content = container.NewVScroll(item.Content)
	}
	tabs.Refresh()
}

// layOutEveryTab lays each tab out once at width, so that its wrapped
// text knows how many lines it takes and the tabs' height holds the
// tallest tab.
func layOutEveryTab(tabs *container.AppTabs, width float32) {
	selected := tabs.SelectedIndex()
	for i := range tabs.Items {
		tabs.SelectIndex(i)
		tabs.Resize(fyne.NewSize(width, tabs.MinSize().Height))
	}
	tabs.SelectIndex(selected)
}

// PerHostChoices are the numbers of downloads at once from one site
// offered; 0 is the same as At once.
var PerHostChoices = []int{0, 1, 2, 3, 4, 6, 8}

// PerHostLabel names a per-site choice: a number, or "same as At once".
func PerHostLabel(n int) string {
	if n <= 0 {
		return lang.L("same as At once")
	}
	return strconv.Itoa(n)
}

// PerHostLabels names every per-site choice.
func PerHostLabels() []string {
	out := make([]string, len(PerHostChoices))
	for i, n := range PerHostChoices {
		out[i] = PerHostLabel(n)
	}
	return out
}

// ConnectionsChoices are the numbers of connections per file offered; 0
// is automatic, 1 fetches every file over one connection.
var ConnectionsChoices = []int{0, 1, 2, 4, 8, 16}

// ConnectionsLabel names a connections-per-file choice.
func ConnectionsLabel(n int) string {
	switch {
	case n <= 0:
		return lang.L("automatic")
	case n == 1:
		return lang.L("1 (one connection)")
	}
	return strconv.Itoa(n)
}

// ConnectionsLabels names every connections-per-file choice.
func ConnectionsLabels() []string {
	out := make([]string, len(ConnectionsChoices))
	for i, n := range ConnectionsChoices {
		out[i] = ConnectionsLabel(n)
	}
	return out
}

// ConnectionsOf is the choice a label names (automatic for one it does not).
func ConnectionsOf(label string) int {
	for _, n := range ConnectionsChoices {
		if ConnectionsLabel(n) == label {
			return n
		}
	}
	return 0
}
