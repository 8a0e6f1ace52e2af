package i18n

import (
	"cmp"
	"slices"

	"haul/downloader/pages"
)

// maxKinds is how many kinds of picture left out a summary names.
const maxKinds = 4

// leftOutWhy and leftOutKind are the messages of each reason: a sentence
// for one picture, and the plural name of what such pictures are.
var (
	leftOutWhy = map[pages.Reason]string{
		pages.ReasonAd: "leftout.why.ad", pages.ReasonAvatar: "leftout.why.avatar", pages.ReasonLogo: "leftout.why.logo",
		pages.ReasonIcon: "leftout.why.icon", pages.ReasonRelated: "leftout.why.related", pages.ReasonComments: "leftout.why.comments",
		pages.ReasonSignature: "leftout.why.signature", pages.ReasonSidebar: "leftout.why.sidebar", pages.ReasonLayout: "leftout.why.layout",
		pages.ReasonOutside: "leftout.why.outside", pages.ReasonSmall: "leftout.why.small", pages.ReasonBanner: "leftout.why.banner",
		pages.ReasonBackground: "leftout.why.background", pages.ReasonShare: "leftout.why.share", pages.ReasonData: "leftout.why.data",
	}
	leftOutKind = map[pages.Reason]string{
		pages.ReasonAd: "leftout.kind.ad", pages.ReasonAvatar: "leftout.kind.avatar", pages.ReasonLogo: "leftout.kind.logo",
		pages.ReasonIcon: "leftout.kind.icon", pages.ReasonRelated: "leftout.kind.related", pages.ReasonComments: "leftout.kind.comments",
		pages.ReasonSignature: "leftout.kind.signature", pages.ReasonSidebar: "leftout.kind.sidebar", pages.ReasonLayout: "leftout.kind.layout",
		pages.ReasonOutside: "leftout.kind.outside", pages.ReasonSmall: "leftout.kind.small", pages.ReasonBanner: "leftout.kind.banner",
		pages.ReasonBackground: "leftout.kind.background", pages.ReasonShare: "leftout.kind.share", pages.ReasonData: "leftout.kind.data",
	}
)

// LeftOutReason says why one picture was not chosen, for its tooltip; ""
// for a chosen picture.
func LeftOutReason(t Translator, r pages.Reason) string {
	key, ok := leftOutWhy[r]
	if !ok {
		return ""
	}
	return t.X(key, nil)
}

// LeftOutKinds names what the pictures left out are, the most common
// first and at most maxKinds of them: "logos, avatars, ads, related
// articles". counts are the pictures left out by reason.
func LeftOutKinds(t Translator, counts map[pages.Reason]int) string {
	var reasons []pages.Reason
	for r, n := range counts {
		if _, known := leftOutKind[r]; n > 0 && known {
			reasons = append(reasons, r)
		}
	}
	slices.SortFunc(reasons, func(a, b pages.Reason) int {
		return cmp.Or(counts[b]-counts[a], slices.Index(pages.Reasons, a)-slices.Index(pages.Reasons, b))
	})
	if len(reasons) > maxKinds {
		reasons = reasons[:maxKinds]
	}
	text := ""
	for i, r := range reasons {
		if i > 0 {
			text += t.X("leftout.separator", nil)
		}
		text += t.X(leftOutKind[r], nil)
	}
	return text
}

// LeftOut counts the pictures not chosen, by reason.
func LeftOut(images []pages.Image) (map[pages.Reason]int, int) {
	counts := map[pages.Reason]int{}
	n := 0
	for _, img := range images {
		if !img.Chosen() {
			counts[img.Why]++
			n++
		}
	}
	return counts, n
}
