package picker

import (
	"net/url"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
)

// maxBrowserSites bounds how many sites the finder remembers as needing
// the browser; the oldest is forgotten first.
const maxBrowserSites = 200

// browserSites are the sites whose pages were read with the browser the
// last time pictures were found on them, remembered in the preferences:
// the find dialog ticks "needs a browser" for their pages by itself.
type browserSites struct{ prefs fyne.Preferences }

// siteKey is the host of a page, lower-cased, or "" when it has none.
func siteKey(page string) string {
	u, err := url.Parse(page)
	if err != nil {
		return ""
	}
	return strings.ToLower(u.Hostname())
}

// needs says whether the pages of page's site are read with the browser.
func (b browserSites) needs(page string) bool {
	site := siteKey(page)
	return site != "" && slices.Contains(b.prefs.StringList(prefBrowserSites), site)
}

// NeedsBrowser says the pictures of page's site were found with the
// browser the last time Find pictures read one of its pages, as the
// preferences p remember.
func NeedsBrowser(p fyne.Preferences, page string) bool {
	return browserSites{p}.needs(page)
}

// remember notes whether pictures were found on page with the browser
// (on) or without it.
func (b browserSites) remember(page string, on bool) {
	site := siteKey(page)
	if site == "" || b.needs(page) == on {
		return
	}
	sites := slices.DeleteFunc(b.prefs.StringList(prefBrowserSites), func(s string) bool { return s == site })
	if on {
		sites = append(sites, site)
		if len(sites) > maxBrowserSites {
			sites = sites[len(sites)-maxBrowserSites:]
		}
	}
	b.prefs.SetStringList(prefBrowserSites, sites)
}
