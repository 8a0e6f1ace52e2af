package picker

import (
	"fmt"
	"net/url"
	"path"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"

	"haul/downloader/pages"
	"haul/gui/kit"
)

// imageKind is a picture's format as its address names it.
type imageKind int

// The formats the picker can filter by.
const (
	kindJPEG imageKind = iota
	kindPNG
	kindGIF
	kindWebP
	kindSVG
	kindOther
	kindCount
)

// kindByExt maps file extensions to formats; anything else is kindOther.
var kindByExt = map[string]imageKind{
	".jpg": kindJPEG, ".jpeg": kindJPEG, ".jpe": kindJPEG, ".jfif": kindJPEG,
	".png": kindPNG, ".apng": kindPNG,
	".gif":  kindGIF,
	".webp": kindWebP,
	".svg":  kindSVG, ".svgz": kindSVG,
}

// label is the format's name in the type filter.
func (k imageKind) label() string {
	switch k {
	case kindJPEG:
		return "JPEG"
	case kindPNG:
		return "PNG"
	case kindGIF:
		return "GIF"
	case kindWebP:
		return "WebP"
	case kindSVG:
		return "SVG"
	}
	return lang.X("kind.other", "Other")
}

// pick is one picture found on a page, as the picker shows it.
type pick struct {
	img  pages.Image
	name string
	kind imageKind
	// typ is the type column: the format, or the extension for other files.
	typ string
	// chosen is the tick; it starts as the page's verdict (img.Chosen),
	// and touched says the user changed it.
	chosen, touched bool
	// w and h are the pixel size when known: from the page at first, then
	// from the picture itself once its thumbnail or first bytes are read.
	w, h int
	size sizeState
}

// newPick describes a found picture, ticked when the page is about it.
func newPick(img pages.Image) *pick {
	p := &pick{img: img, chosen: img.Chosen(), w: img.Width, h: img.Height}
	if p.w > 0 && p.h > 0 {
		p.size = sizeKnown
	}
	p.name, p.kind, p.typ = describeImage(img.URL)
	return p
}

// describeImage reads a picture's file name and type from its address.
func describeImage(raw string) (name string, kind imageKind, typ string) {
	u, err := url.Parse(raw)
	if err != nil {
		return raw, kindOther, ""
	}
	name = path.Base(u.Path)
	if name == "/" || name == "." {
		name = u.Host
	}
	ext := strings.ToLower(path.Ext(u.Path))
	kind, known := kindByExt[ext]
	if !known {
		kind = kindOther
		return name, kind, strings.ToUpper(strings.TrimPrefix(ext, "."))
	}
	return name, kind, kind.label()
}

// sizeText is the size: "800 × 600", "800 wide", "reading…" while the
// filter waits for it, "unknown" when it could not be read, or "".
func (p *pick) sizeText() string {
	switch {
	case p.w > 0 && p.h > 0:
		return lang.X("picker.size", "{{.W}} × {{.H}}", kit.Data{"W": p.w, "H": p.h})
	case p.size == sizeUnreadable:
		return lang.L("size unknown")
	case p.size == sizeReading:
		return lang.L("reading size…")
	case p.w > 0:
		return lang.X("picker.width", "{{.W}} wide", kit.Data{"W": p.w})
	}
	return ""
}

// pickFilter says which pictures the picker shows.
type pickFilter struct {
	// hidden holds the formats the user unticked.
	hidden [kindCount]bool
	// minW and minH leave out pictures known to be narrower or lower.
	minW, minH int
	// contains leaves out the pictures whose address does not hold it,
	// in any letter case.
	contains string
	// keepUnknown keeps, while a size filter is on, the pictures whose
	// size could not be read.
	keepUnknown bool
}

// sized says whether the filter asks for a size.
func (f pickFilter) sized() bool { return f.minW > 0 || f.minH > 0 }

// shows reports whether p passes the filter; a size still being read
// passes until it is known.
func (f pickFilter) shows(p *pick) bool {
	if f.hidden[p.kind] {
		return false
	}
	if c := strings.TrimSpace(f.contains); c != "" && !strings.Contains(strings.ToLower(p.img.URL), strings.ToLower(c)) {
		return false
	}
	if f.sized() && p.size == sizeUnreadable {
		return f.keepUnknown
	}
	return !(p.w > 0 && p.w < f.minW || p.h > 0 && p.h < f.minH)
}

// minSideChoices are the least widths and heights the picker can be told
// to keep.
var minSideChoices = []int{0, 100, 200, 400, 800, 1200}

// minSideLabel names a choice: "any" or "400".
func minSideLabel(side int) string {
	if side <= 0 {
		return lang.L("any")
	}
	return strconv.Itoa(side)
}

// pageLabel shortens a page address for a column: the site and path.
func pageLabel(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return raw
	}
	s := u.Host + u.EscapedPath()
	if u.RawQuery != "" {
		s += "?" + u.RawQuery
	}
	return kit.ReadableLink(strings.TrimSuffix(s, "/"))
}

// pagesCount counts the different pages the pictures were found on.
func pagesCount(images []pages.Image) int {
	seen := map[string]bool{}
	for _, img := range images {
		seen[img.Page] = true
	}
	return len(seen)
}

// typeAndSize is the type and size column: "JPEG · 800 × 600".
func (p *pick) typeAndSize() string {
	size := p.sizeText()
	switch {
	case p.typ == "":
		return size
	case size == "":
		return p.typ
	}
	return p.typ + " · " + size
}

// kindFilterLabel is a type check box: "JPEG (40)".
func kindFilterLabel(k imageKind, n int) string {
	return fmt.Sprintf("%s (%d)", k.label(), n)
}
