package gui

import (
	"cmp"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/gui/kit"
)

// rowGroup is one of the filter tabs above the list.
type rowGroup int

// The filter tabs.
const (
	groupAll rowGroup = iota
	groupActive
	groupFailed
	groupDone
	groupCount
)

// rowOrder is how the list is sorted.
type rowOrder int

// The sort orders.
const (
	orderAdded rowOrder = iota
	orderName
	orderSize
	orderState
)

// listFilter shows part of the list, sorted: a tab (All, Active, Failed,
// Done), a search and a sort order. While it shows everything in the order
// added, the list reads the model directly and costs nothing; otherwise
// index maps list positions to model rows, rebuilt as the model changes.
type listFilter struct {
	u      *UI
	group  rowGroup
	query  string
	order  rowOrder
	index  []int32
	tabs   [groupCount]*widget.Button
	counts [groupCount]int
	search *shortcutEntry
	sort   *escSelect
}

func newListFilter(u *UI) *listFilter {
	f := &listFilter{u: u}
	for g := range groupCount {
		f.tabs[g] = widget.NewButton("", func() { f.setGroup(g) })
	}
	f.search = newShortcutEntry(u)
	f.search.SetPlaceHolder(lang.L("Search names and links"))
	f.search.ActionItem = widget.NewIcon(theme.SearchIcon())
	f.search.OnChanged = func(q string) { f.query = strings.ToLower(strings.TrimSpace(q)); f.changed() }
	f.sort = newEscSelect([]string{lang.L("Order added"), lang.L("Name"), lang.L("Size"), lang.L("State")}, u.escape)
	f.sort.SetSelectedIndex(0)
	f.sort.OnChanged = func(string) { f.order = rowOrder(f.sort.SelectedIndex()); f.changed() }
	f.showCounts(downloader.Summary{})
	return f
}

// bar is the line above the list: tabs, search and sort.
func (f *listFilter) bar() fyne.CanvasObject {
	tabs := container.NewHBox()
	for _, t := range f.tabs {
		tabs.Add(t)
	}
	return inReadingOrder(nil, nil, tabs, container.NewHBox(widget.NewLabel(lang.L("Sort:")), f.sort), f.search)
}

// on says whether the list shows less than everything, or another order
// than the IDs': a sort, or rows moved by hand.
func (f *listFilter) on() bool {
	return f.group != groupAll || f.query != "" || f.order != orderAdded || f.u.rows.moved
}

// setGroup switches tabs.
func (f *listFilter) setGroup(g rowGroup) {
	f.group = g
	f.changed()
}

// showAdded shows the tab that holds links just added, when the one shown
// holds only failed or finished rows, so new links never land out of sight.
func (f *listFilter) showAdded() {
	if f.group == groupFailed || f.group == groupDone {
		f.setGroup(groupAll)
	}
}

// changed rebuilds the list after the filter changed.
func (f *listFilter) changed() {
	for g, t := range f.tabs {
		t.Importance = widget.MediumImportance
		if rowGroup(g) == f.group {
			t.Importance = widget.HighImportance
		}
		t.Refresh()
	}
	f.u.list.UnselectAll()
	f.reindex()
	f.u.list.Refresh()
}

// showCounts puts the counts on the tabs.
func (f *listFilter) showCounts(s downloader.Summary) {
	counts := [groupCount]int{s.Total, s.Queued + s.Active + s.Waiting + s.Paused, s.Failed, s.Done + s.Skipped + s.Canceled}
	names := [groupCount]string{lang.L("All"), lang.L("Left"), lang.L("Failed"), lang.L("Finished")}
	for g, t := range f.tabs {
		if counts[g] != f.counts[g] || t.Text == "" {
			t.SetText(lang.X("filter.tab", "{{.Name}} ({{.N}})", kit.Data{"Name": names[g], "N": counts[g]}))
		}
	}
	f.counts = counts
	if f.tabs[groupAll].Importance != widget.HighImportance && f.group == groupAll {
		f.tabs[groupAll].Importance = widget.HighImportance
		f.tabs[groupAll].Refresh()
	}
}

// reindex works out which model rows show, in which order.
func (f *listFilter) reindex() {
	if !f.on() {
		f.index = nil
		return
	}
	items := f.u.rows.items
	f.index = f.index[:0]
	for i := range items {
		if f.shows(&items[i]) {
			f.index = append(f.index, int32(i))
		}
	}
	if f.order != orderAdded || f.u.rows.moved {
		slices.SortStableFunc(f.index, func(a, b int32) int { return f.compare(&items[a], &items[b]) })
	}
}

// shows says whether an item is in the tab and matches the search.
func (f *listFilter) shows(it *rowItem) bool {
	switch f.group {
	case groupActive:
		if it.state.Final() {
			return false
		}
	case groupFailed:
		if it.state != downloader.Failed {
			return false
		}
	case groupDone: // what Clear finished clears
		if !it.state.Final() || it.state == downloader.Failed {
			return false
		}
	}
	return f.query == "" || strings.Contains(strings.ToLower(it.url), f.query) || strings.Contains(strings.ToLower(it.name), f.query)
}

// compare orders two items by the chosen key.
func (f *listFilter) compare(a, b *rowItem) int {
	switch f.order {
	case orderName:
		return cmp.Compare(strings.ToLower(sortName(a)), strings.ToLower(sortName(b)))
	case orderSize:
		return cmp.Compare(max(b.total, b.bytes), max(a.total, a.bytes))
	case orderState:
		return cmp.Compare(a.state, b.state)
	}
	return cmp.Compare(a.rank(), b.rank())
}

// sortName is the saved name, or the last part of the link.
func sortName(it *rowItem) string {
	if it.name != "" {
		return it.name
	}
	path, _, _ := strings.Cut(it.url, "?")
	return path[strings.LastIndexByte(path, '/')+1:]
}

// len is the number of rows the list shows.
func (f *listFilter) len() int {
	if f.index == nil && !f.on() {
		return f.u.rows.len()
	}
	return len(f.index)
}

// model is the model row shown at list position i.
func (f *listFilter) model(i int) int {
	if f.index == nil && !f.on() {
		return i
	}
	return int(f.index[i])
}

// position is the list position of model row m, when it is shown.
func (f *listFilter) position(m int) (int, bool) {
	if f.index == nil && !f.on() {
		return m, true
	}
	i := slices.Index(f.index, int32(m))
	return i, i >= 0
}
