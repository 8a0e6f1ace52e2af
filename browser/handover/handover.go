// Package handover hands what the browser extension sent (a
// browser.Message) to the engine: its cookies, kept for the page's site
// alone, the browser's User-Agent for the links' sites, and its links. It
// is apart from package browser so that the browser's messages, and the
// single-instance hand-over that carries them (package instance), never
// import the engine.
package handover

import (
	"haul/browser"
	"haul/downloader"
)

// UseIn gives the engine what the message m brings to send with its links:
// the cookies the browser would send with them from the page, kept in
// memory only and for the requests made from that page's site alone
// (Network.AddPageCookies), and the
// browser's User-Agent for each of the links' hosts that has no site rule
// of its own (sites may tie a sign-in to the browser that made it). The
// Referer is the page, which the links are added with. The links of the
// page's site that failed for want of a sign-in (such as those restored
// after a restart, which forgets the cookies) are tried again with them
// (Controls.SignedIn). It returns how many cookies were taken, and how
// many links were tried again with them.
func UseIn(m browser.Message, e *downloader.Manager) (kept, retried int) {
	kept = e.Network().AddPageCookies(m.Page.URL, m.JarCookies())
	useAgent(m, e)
	if kept > 0 {
		retried = e.Controls().SignedIn(m.Page.URL)
	}
	return kept, retried
}

// useAgent sends the browser's User-Agent to each of the links' hosts
// that has no site rule of its own.
func useAgent(m browser.Message, e *downloader.Manager) {
	if m.UserAgent == "" {
		return
	}
	rules := e.Network().Sites()
	added := false
	for _, host := range m.Hosts() {
		if hasRule(rules, host) {
			continue
		}
		rules = append(rules, downloader.SiteRule{Site: host, Agent: downloader.AgentCustom, CustomAgent: m.UserAgent})
		added = true
	}
	if added {
		e.Network().SetSites(rules)
	}
}

// hasRule says whether a rule applies to host.
func hasRule(rules []downloader.SiteRule, host string) bool {
	for _, r := range rules {
		if r.Matches(host) {
			return true
		}
	}
	return false
}

// Queue adds the links of the message m to the engine, each with the page as
// Referer: a page's pictures placed as the settings say (a folder per page,
// the name template), links as they are.
func Queue(m browser.Message, e *downloader.Manager) ([]downloader.ID, []downloader.Rejected) {
	if m.Type == browser.TypePictures && m.Page.URL != "" {
		return e.Intake().AddPagePictures(downloader.Page{URL: m.Page.URL, Title: m.Page.Title}, m.Links...)
	}
	if m.Page.URL != "" {
		return e.Intake().AddFromPage(m.Page.URL, m.Links...)
	}
	return e.Add(m.Links...)
}
