package items

import (
	"haul/downloader/cookies"
)

// signIns are the sites of the pages whose browser handed over its
// cookies in this run (see Controls.SignedIn). Guarded by the store's lock.
type signIns map[string]bool

// has says the page's site came with the browser's cookies in this run.
func (s signIns) has(page string) bool {
	return page != "" && len(s) > 0 && s[cookies.SiteOf(page)]
}

// SignedIn notes that the browser handed over its cookies with page (the
// browser extension), which the engine keeps in memory only: links added
// from a page of its site from now on depend on them, so that after a
// restart a refusal says the sign-in was lost (record.Record.SignedIn).
// Its site's links that failed for want of a sign-in, such as those
// restored after a restart, are tried again with the cookies now held; it
// returns how many.
func (c *Controls) SignedIn(page string) int {
	site := cookies.SiteOf(page)
	if site == "" {
		return 0
	}
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.signIns == nil {
		s.signIns = signIns{}
	}
	s.signIns[site] = true
	n := 0
	ofSite := map[string]bool{} // by page: most items share a few
	for _, it := range s.items {
		if it.referer == "" {
			continue
		}
		same, known := ofSite[it.referer]
		if !known {
			same = cookies.SiteOf(it.referer) == site
			ofSite[it.referer] = same
		}
		if !same {
			continue
		}
		retried := it.state == Failed && it.err.NeedsSignIn() && c.retry(it)
		if retried {
			n++
		}
		if !it.signedIn && (retried || !it.state.Final()) {
			it.signedIn = true
			s.markDirty(it)
		}
	}
	if n > 0 {
		s.notifyLocked()
	}
	return n
}
