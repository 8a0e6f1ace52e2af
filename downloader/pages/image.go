package pages

// Image is one picture found on a page.
type Image struct {
	URL    string // absolute address of the picture
	Page   string // the page it was found on
	Alt    string // the picture's alt text, or its caption when it has none
	Width  int    // from the width attribute or srcset w descriptor, 0 if unknown
	Height int    // from the height attribute, 0 if unknown
	Source string // where the address came from: one of the Source constants
	// PageTitle is the title of the page it was found on, "" if none.
	PageTitle string
	// Why says why a reader would not want the picture, "" for a picture
	// the page is about (see Chosen, and the package documentation).
	Why Reason
	// fit is what choosing the picture knows of it besides its address.
	fit fit
}

// fit is what the choice of a picture rests on beyond its address: how the
// page shows it and what is known of its size.
type fit struct {
	// why is what the page says against the picture, before its size and
	// the rest of the page are weighed (see settle); "" for nothing.
	why Reason
	// named says the page names the picture only, in its data or meta
	// tags, and does not show it.
	named bool
	// meta says the picture is named only in meta tags (og:image).
	meta bool
	// whole says the picture is one of a gallery, or the full size a
	// thumbnail links to: its size never leaves it out.
	whole bool
	// copies is how many addresses of the picture at different sizes were
	// folded into it.
	copies int
	// shownW and shownH are the size the page draws it at, when it says.
	shownW, shownH int
	// pixelW and pixelH are the picture's own size, when known: from a
	// width descriptor, the page's data, the browser or its first bytes.
	pixelW, pixelH int
}

// Where an Image's address was found.
const (
	SourceImg    = "img"    // an img src attribute
	SourceSrcset = "srcset" // an img or picture source srcset attribute
	SourceLazy   = "lazy"   // a lazy-loading attribute such as data-src
	SourceLink   = "link"   // a link to an image file, usually behind a thumbnail
	SourceMeta   = "meta"   // an og:image or twitter:image meta tag
	SourceStyle  = "style"  // an inline style background image
)

// Where an Image's address was found in a page's data rather than its
// markup.
const (
	SourceSchema = "schema" // schema.org data: JSON-LD or microdata
	SourceData   = "data"   // JSON in a script or a data-* attribute
)

// SourceLoaded marks a picture a browser loaded while showing the page
// that the page's markup does not name.
const SourceLoaded = "loaded"
