package picker

import (
	"fyne.io/fyne/v2/lang"
	"github.com/dustin/go-humanize"

	"haul/downloader/pages"
	"haul/gui/kit"
	"haul/i18n"
)

// rowKind is what a line of the picker's list shows.
type rowKind int

// The lines of the picker's list.
const (
	// rowPicture is a picture.
	rowPicture rowKind = iota
	// rowPage heads the pictures of one page, when there are several.
	rowPage
	// rowMore says how many pictures of a page were not chosen, and what
	// they are, with a button that shows or hides them.
	rowMore
)

// listRow is one line of the picker's list.
type listRow struct {
	kind  rowKind
	pick  int // rowPicture: the index of the pick
	group *group
}

// group is the pictures found on one page, in the order found.
type group struct {
	page, title string
	picks       []int
	// open says the pictures not chosen are shown.
	open bool
	// rest is how many pictures not chosen the filter lets through, and
	// restWhy why they were left out.
	rest    int
	restWhy map[pages.Reason]int
}

// groupPicks splits the picks by the page they were found on, pages in
// the order first found.
func groupPicks(picks []*pick) []*group {
	var groups []*group
	byPage := map[string]*group{}
	for i, pk := range picks {
		g, ok := byPage[pk.img.Page]
		if !ok {
			g = &group{page: pk.img.Page, title: pk.img.PageTitle}
			byPage[pk.img.Page] = g
			groups = append(groups, g)
		}
		g.picks = append(g.picks, i)
	}
	return groups
}

// layoutRows lists what the picker shows: for each page (headed by its
// title when there are several), the pictures chosen on it that the filter
// lets through, then a line saying how many more were not chosen and what
// they are, and those pictures once the user opens them.
func (p *picker) layoutRows() {
	p.rows = p.rows[:0]
	p.shown = p.shown[:0]
	for _, g := range p.groups {
		var chosen, rest []int
		g.restWhy = map[pages.Reason]int{}
		for _, i := range g.picks {
			pk := p.picks[i]
			if !p.filter.shows(pk) {
				continue
			}
			if pk.img.Chosen() {
				chosen = append(chosen, i)
			} else {
				rest = append(rest, i)
				g.restWhy[pk.img.Why]++
			}
		}
		g.rest = len(rest)
		if len(chosen)+len(rest) == 0 {
			continue
		}
		if len(p.groups) > 1 {
			p.rows = append(p.rows, listRow{kind: rowPage, group: g})
		}
		p.addPictureRows(chosen)
		if len(rest) > 0 {
			p.rows = append(p.rows, listRow{kind: rowMore, group: g})
			if g.open {
				p.addPictureRows(rest)
			}
		}
	}
}

// addPictureRows adds a line for each pick.
func (p *picker) addPictureRows(picks []int) {
	for _, i := range picks {
		p.rows = append(p.rows, listRow{kind: rowPicture, pick: i})
		p.shown = append(p.shown, i)
	}
}

// moreText says how many pictures of a group were not chosen and what they
// are: "27 more pictures not chosen: logos, avatars, ads, related articles".
func moreText(g *group) string {
	return lang.XN("picker.more", "{{.N}} more pictures not chosen: {{.Kinds}}", g.rest,
		kit.Data{"N": humanize.Comma(int64(g.rest)), "Kinds": i18n.LeftOutKinds(kit.Tr, g.restWhy)})
}

// toggleGroup shows or hides the pictures of a group that were not chosen.
func (p *picker) toggleGroup(g *group) {
	g.open = !g.open
	p.refilter()
}
