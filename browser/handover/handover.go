// Package handover hands what the browser extension sent (a
// browser.Message) to the engine: its cookies, kept for each page's site
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
// the cookies the browser would send with them from their page, kept in
// memory only and for the requests made from that page's site alone
// (Network.AddPageCookies), each page's for its own, and the
// browser's User-Agent for each of the links' hosts that has no site rule
// of its own (sites may tie a sign-in to the browser that made it). The
// Referer is the page, which the links are added with. The links of each
// page's site that failed for want of a sign-in (such as those restored
// after a restart, which forgets the cookies) are tried again with them
// (Controls.SignedIn). It returns how many cookies were taken, and how
// many links were tried again with them.
func UseIn(m browser.Message, e *downloader.Manager) (kept, retried int) {
	for _, t := range m.Pages() {
		n := e.Network().AddPageCookies(t.Page.URL, t.JarCookies())
		kept += n
		if n > 0 {
			retried += e.Controls().SignedIn(t.Page.URL)
		}
	}
	useAgent(m, e)
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
