package downloader

// A site that refuses every connection, or whose name cannot be found, and
// has not answered once since Haul started, is down: once one of its links
// has used up its tries, its other links waiting their turn or their next
// try fail at once, instead of each being tried over and over (100,000
// links to a site that was down made 600,000 connection attempts). A site
// that has answered even once is never judged down: its failures are its
// links' own. Retry failed tries them all again.

// unreachableBeforeDown is how many tries in a row must fail to connect
// before a site that never answered can be judged down.
const unreachableBeforeDown = 8

// unreachable says the failure is a site refusing the connection or a
// site name that could not be found.
func unreachable(e *ItemError) bool {
	return e != nil && e.Kind == ErrNetwork && (e.Reason == ReasonRefused || e.Reason == ReasonHostUnknown)
}

// noteAnswer records that the site answered a request.
func (h *hostQueue) noteAnswer() {
	h.answered = true
	h.unreachable = 0
}

// noteTry counts a try that could not connect to the site.
func (h *hostQueue) noteTry(e *ItemError) {
	if unreachable(e) {
		h.unreachable++
	}
}

// down says a link of the site just failed for good in a way that shows
// the site is down.
func (h *hostQueue) down(s step) bool {
	return s.kind == stepFail && unreachable(s.err) && !h.answered && h.unreachable >= unreachableBeforeDown
}

// failSiteLocked fails the site's links that wait their turn or their next
// try, for the cause that showed the site is down: "not started" for links
// never tried, with their own number of tries for the others.
func (m *Manager) failSiteLocked(host string, cause *ItemError) {
	for _, it := range m.items {
		if it.host != host || it.state != Queued && it.state != Waiting {
			continue
		}
		c := *cause
		c.Tries, c.NotStarted = 0, it.attempts == 0
		if it.attempts > 1 {
			c.Tries = int(it.attempts)
		}
		m.stopTimerLocked(it)
		m.failLocked(it, m.sharedFailureLocked(c), false)
	}
}
