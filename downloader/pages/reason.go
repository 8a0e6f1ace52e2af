package pages

// Reason says why a reader would not want a picture of a page: the kind of
// thing it is, or where on the page it sits. It is data; the words come
// from the catalogues of package haul/i18n.
type Reason string

// The reasons a picture is not chosen, strongest first: when a picture
// could be left out for several, it is given the first.
const (
	// ReasonAd is an advertisement or a tracking pixel.
	ReasonAd Reason = "ad"
	// ReasonAvatar is a person's picture beside their name.
	ReasonAvatar Reason = "avatar"
	// ReasonLogo is a site's or a brand's logo.
	ReasonLogo Reason = "logo"
	// ReasonIcon is an icon, a smiley, a badge or a share button.
	ReasonIcon Reason = "icon"
	// ReasonRelated is a picture of another page: related articles,
	// teasers, recommendations, promotions, "customers also bought".
	ReasonRelated Reason = "related"
	// ReasonComments is in a comment thread.
	ReasonComments Reason = "comments"
	// ReasonSignature is a forum signature.
	ReasonSignature Reason = "signature"
	// ReasonSidebar is in a sidebar.
	ReasonSidebar Reason = "sidebar"
	// ReasonLayout is in the site's header, menus or footer.
	ReasonLayout Reason = "layout"
	// ReasonOutside is outside the article the page is about.
	ReasonOutside Reason = "outside"
	// ReasonSmall is too small to be a picture of its own: a thumbnail,
	// a spacer.
	ReasonSmall Reason = "small"
	// ReasonBanner has the shape of a banner: long and low.
	ReasonBanner Reason = "banner"
	// ReasonBackground is a background or decoration the page draws.
	ReasonBackground Reason = "background"
	// ReasonShare is the picture a page gives for sharing it (og:image),
	// not one it shows.
	ReasonShare Reason = "share"
	// ReasonData is found only in the page's scripts or data, not shown.
	ReasonData Reason = "data"
)

// Reasons lists every reason, strongest first.
var Reasons = []Reason{
	ReasonAd, ReasonAvatar, ReasonLogo, ReasonIcon, ReasonRelated, ReasonComments, ReasonSignature,
	ReasonSidebar, ReasonLayout, ReasonOutside, ReasonSmall, ReasonBanner, ReasonBackground, ReasonShare, ReasonData,
}

// strength orders reasons: a lower number is a stronger reason.
func (r Reason) strength() int {
	for i, s := range Reasons {
		if s == r {
			return i
		}
	}
	return len(Reasons)
}

// Hard says a reason rules a picture out even on a page where nothing
// else is chosen: ads, avatars, logos and icons are never what a page is
// about, whereas a page made only of, say, small pictures is about them.
func (r Reason) Hard() bool {
	switch r {
	case ReasonAd, ReasonAvatar, ReasonLogo, ReasonIcon:
		return true
	}
	return false
}

// Chosen says the picture is one the page is about, as a reader would
// choose it.
func (img Image) Chosen() bool { return img.Why == "" }
