package downloader

import "strings"

// Revive tries the failed items of links again now that they were found
// on page: each takes page as its Referer, as if found there first, and
// goes back in line with the cookies and settings in force. It returns how
// many went back. Links not in the list, or neither failed nor forgotten
// (see Forgotten), are left alone.
func (c *Controls) Revive(page string, links ...string) int {
	m := c.m
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, raw := range links {
		raw = strings.TrimSpace(raw)
		u, reason := checkLink(raw)
		if reason != "" {
			continue
		}
		key, user := linkKey(raw, u)
		m.secrets.keep(key, user)
		it := m.store.byURL[key]
		if it == nil || (it.state != Failed && !it.forgotten) {
			continue
		}
		if page != "" {
			it.fromPage, it.referer = true, page
		}
		if c.retry(it) {
			m.markDirtyLocked(it)
			n++
		}
	}
	return n
}
