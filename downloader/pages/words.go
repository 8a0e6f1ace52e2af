package pages

import (
	"strings"
	"unicode"
)

// The words below are facts about how sites write their markup: the
// class and id names, hosts and address paths that mark a part of a page
// or a kind of picture. Class and id names are split into words at
// anything but letters and digits and at a lower-case letter followed by
// a capital ("relatedPosts" is "related posts").

// zoneWords mark, by a whole word, the part of a page an element is.
var zoneWords = map[string]zone{
	"nav": zoneLayout, "navbar": zoneLayout, "navigation": zoneLayout, "menu": zoneLayout, "menubar": zoneLayout,
	"masthead": zoneLayout, "topbar": zoneLayout, "toolbar": zoneLayout, "breadcrumb": zoneLayout, "breadcrumbs": zoneLayout,
	"crumb": zoneLayout, "header": zoneLayout, "footer": zoneLayout, "foot": zoneLayout, "hd": zoneLayout, "ft": zoneLayout,
	"userbar": zoneLayout,
	"sidebar": zoneSidebar, "aside": zoneSidebar, "rail": zoneSidebar, "widget": zoneSidebar, "side": zoneSidebar,
	"related": zoneRelated, "relatedposts": zoneRelated, "recommend": zoneRelated, "recommended": zoneRelated,
	"recommends": zoneRelated, "recommendations": zoneRelated, "recirc": zoneRelated, "teaser": zoneRelated,
	"teasers": zoneRelated, "promo": zoneRelated, "promos": zoneRelated, "trending": zoneRelated, "popular": zoneRelated,
	"mostread": zoneRelated, "most": zoneRelated, "morestories": zoneRelated, "upsell": zoneRelated,
	"crosssell": zoneRelated, "similar": zoneRelated, "similarities": zoneRelated, "suggested": zoneRelated,
	"onward": zoneRelated, "hot": zoneRelated, "hotnews": zoneRelated, "rec": zoneRelated, "also": zoneRelated,
	"readmore": zoneRelated, "readnext": zoneRelated, "p13n": zoneRelated,
	"comment": zoneComments, "comments": zoneComments, "commentlist": zoneComments, "disqus": zoneComments,
	"respond": zoneComments, "replies": zoneComments, "discussion": zoneComments, "cmnt": zoneComments,
	"signature": zoneSignature, "sign": zoneSignature, "sig": zoneSignature, "postsig": zoneSignature,
	"ad": zoneAd, "ads": zoneAd, "advert": zoneAd, "adverts": zoneAd, "advertisement": zoneAd, "adsbygoogle": zoneAd,
	"adslot": zoneAd, "adunit": zoneAd, "sponsor": zoneAd, "sponsored": zoneAd, "sponsorship": zoneAd, "dfp": zoneAd,
	"gpt": zoneAd, "outbrain": zoneAd, "taboola": zoneAd, "gg": zoneAd, "guanggao": zoneAd,
	"a_t": zoneAd, "a_h": zoneAd, "a_pt": zoneAd, "a_pb": zoneAd, "a_pr": zoneAd, "a_fl": zoneAd, "a_fr": zoneAd,
	"a_cn": zoneAd, "a_mu": zoneAd, "a_f": zoneAd, "a_c": zoneAd, "a_b": zoneAd,
	"share": zoneShare, "sharing": zoneShare, "social": zoneShare, "sharedaddy": zoneShare, "sns": zoneShare,
}

// zoneParts mark the part of a page by a word inside a longer class word
// ("jp-relatedposts", "sidebarwidget").
var zoneParts = []struct {
	part string
	z    zone
}{
	{"related", zoneRelated}, {"recommend", zoneRelated}, {"sidebar", zoneSidebar}, {"comment", zoneComments},
	{"advert", zoneAd}, {"sponsor", zoneAd}, {"outbrain", zoneAd}, {"taboola", zoneAd}, {"breadcrumb", zoneLayout},
}

// headingPhrases are the headings of blocks of other pages' pictures, in
// lower case: a block whose heading holds one is related.
var headingPhrases = []string{
	"related", "read more", "read next", "more from", "more stories", "more in ", "more galleries", "recommended",
	"you may also", "you might also", "also like", "more like this", "trending", "most read", "most viewed",
	"most popular", "popular posts", "popular stories", "don't miss", "around the web", "sponsored", "also bought",
	"also viewed", "frequently bought", "products related", "similar items", "more ideas", "suggested",
	"相关", "相關", "推荐", "推薦", "热门", "熱門", "你可能", "热议", "熱議",
}

// sidebarPhrases are the headings of a site's own boxes about itself.
var sidebarPhrases = []string{"about the author", "follow us", "关于我", "關於我", "关注我们", "關注我們"}

// avatarWords mark a person's picture, in a class, id, alt text or address.
var avatarWords = []string{"avatar", "gravatar", "userpic", "user-pic", "profile-pic", "profile_pic", "profile-img",
	"profile-image", "profileimage", "profile_image", "author-photo", "author-image", "author-img", "author-avatar",
	"authorphoto", "headshot", "buddyicon", "portrait/item", "头像", "頭像"}

// avatarAltWords mark a person's picture by its alt text.
var avatarAltWords = []string{"avatar", "头像", "頭像"}

// avatarHosts serve people's pictures.
var avatarHosts = []string{"gravatar.com", "avatars.githubusercontent.com", "pravatar.cc"}

// logoWords mark a logo.
var logoWords = []string{"logo", "wordmark", "brand", "标志", "商标"}

// iconAroundWords mark an icon by the class of the elements around it.
var iconAroundWords = []string{"emoji", "emoticon", "smiley", "smilie", "badge", "medal", "qrcode", "qr-code"}

// iconPictureWords mark an icon, a smiley, a badge or a button by its own
// address or class.
var iconPictureWords = []string{"icon", "emoji", "emoticon", "smiley", "smilie", "smilies", "badge", "medal", "star_level",
	"rank_", "/ranks/", "button", "btn", "qrcode", "qr-code", "qr_code", "二维码", "二維碼",
	"扫码", "掃碼", "/static/image/common/", "/images/common/", "/share/", "spinner", "loading"}

// adHosts serve advertisements and tracking pixels.
var adHosts = []string{"doubleclick.net", "googlesyndication.com", "googleadservices.com", "google-analytics.com",
	"googletagmanager.com", "adservice.google.com", "amazon-adsystem.com", "adnxs.com", "criteo.com", "criteo.net",
	"outbrain.com", "outbrainimg.com", "taboola.com", "taboolasyndication.com", "scorecardresearch.com",
	"quantserve.com", "moatads.com", "adsrvr.org", "rubiconproject.com", "pubmatic.com", "openx.net", "casalemedia.com",
	"bat.bing.com", "facebook.com/tr", "pos.baidu.com", "cpro.baidu.com", "hm.baidu.com", "cnzz.com", "tanx.com",
	"mmstat.com"}

// adHostStarts are the first labels of advertising and tracking hosts.
var adHostStarts = []string{"ad.", "ads.", "adserver.", "adclick.", "pixel.", "beacon.", "analytics.", "track.", "tracker.",
	"stats.", "log.", "union.", "sax.", "fclick.", "fc-feed.", "click."}

// adPathWords mark an advertisement by its address path.
var adPathWords = []string{"/ads/", "/ad/", "/adv/", "/advert", "/banner/ad", "/common/ad/", "/pfpghc", "/simgad/",
	"/gampad/", "/da/", "adblock"}

// adLabels are the labels that mark a block as an advertisement, in
// lower case.
var adLabels = map[string]bool{"ad": true, "ads": true, "advertisement": true, "sponsored": true, "promoted": true,
	"广告": true, "廣告": true, "推广": true, "推廣": true}

// adAltWords mark an advertisement by its alt text.
var adAltWords = []string{"advertisement", "广告", "廣告", "sponsored"}

// classWords splits class and id values into lower-case words, in order:
// at anything but letters and digits, and at a lower-case letter followed
// by a capital.
func classWords(values ...string) []string {
	var words []string
	for _, v := range values {
		for _, field := range strings.FieldsFunc(v, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			words = append(words, splitCamel(field)...)
		}
	}
	return words
}

// splitCamel splits a word at each lower-case letter followed by a
// capital, in lower case.
func splitCamel(w string) []string {
	var parts []string
	start := 0
	runes := []rune(w)
	for i := 1; i < len(runes); i++ {
		if unicode.IsLower(runes[i-1]) && unicode.IsUpper(runes[i]) {
			parts = append(parts, strings.ToLower(string(runes[start:i])))
			start = i
		}
	}
	return append(parts, strings.ToLower(string(runes[start:])))
}

// containsAny says whether s contains one of words.
func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// hostMatches says whether host is one of hosts or below one, or, for an
// entry with a path ("facebook.com/tr"), whether host and path start so.
func hostMatches(host, hostPath string, hosts []string) bool {
	for _, h := range hosts {
		if strings.Contains(h, "/") {
			if strings.HasPrefix(hostPath, h) || strings.Contains(hostPath, "."+h) {
				return true
			}
			continue
		}
		if host == h || strings.HasSuffix(host, "."+h) {
			return true
		}
	}
	return false
}
