package pages

// Image is one picture found on a page.
type Image struct {
	URL    string // absolute address of the picture
	Page   string // the page it was found on
	Alt    string // the picture's alt text, if any
	Width  int    // from the width attribute or srcset w descriptor, 0 if unknown
	Height int    // from the height attribute, 0 if unknown
	Source string // where the address came from: one of the Source constants
	// PageTitle is the title of the page it was found on, "" if none.
	PageTitle string
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
