package downloader

import (
	"errors"
	"net/url"

	"haul/downloader/rules"
)

// A site that has not answered once since Haul started, and whose own
// address refused the connection or was not found at least 8 times since
// the user last queued its links, is down: once one of its links has used
// up its tries, its other links waiting their turn or their next try fail
// at once, instead of each being tried over and over (100,000 links to a
// site that was down made 600,000 connection attempts). Only definite
// answers count: a refused connection, or a name the name servers say does
// not exist. A network that is not up yet (no route, a name server that
// does not answer, a timeout) never judges a site down, nor does a
// redirect to another address that fails. A site that has answered even
// once is never judged down. Retry failed starts the count again.

// unreachableBeforeDown is how many definite failures to connect must
// happen before a site that never answered can be judged down.
const unreachableBeforeDown = 8

// noteAnswer records that the site answered a request.
func (h *hostQueue) noteAnswer() {
	h.answered = true
	h.refusals = 0
}

// unreachable says a try's failure is the site's own address refusing the
// connection or not existing.
func (h *hostQueue) unreachable(v rules.Verdict) bool {
	e := v.Err
	if e == nil || e.Kind != ErrNetwork {
		return false
	}
	definite := e.Reason == ReasonRefused || e.Reason == ReasonHostUnknown && !v.Retry
	var urlErr *url.Error
	if !definite || !errors.As(e.Err, &urlErr) {
		return false
	}
	u, err := url.Parse(urlErr.URL)
	return err == nil && hostKey(u) == h.key
}

// noteTry counts a try that could not connect to the site.
func (h *hostQueue) noteTry(v rules.Verdict) {
	if h.unreachable(v) {
		h.refusals++
	}
}

// down says the step ends a link for good in a way that shows its site is
// down.
func (h *hostQueue) down(v rules.Verdict, s rules.Step) bool {
	return s.Kind == rules.StepFail && !h.answered && h.refusals >= unreachableBeforeDown && h.unreachable(v)
}

// failSiteLocked fails the site's links that wait their turn or their next
// try, for the failure that showed the site is down: "not started" for
// links not tried since the user queued them, with their number of tries
// for the others.
func (m *Manager) failSiteLocked(host string, cause *ItemError) {
	for _, it := range m.store.items {
		if it.host != host || it.state != Queued && it.state != Waiting {
			continue
		}
		c := *cause
		c.Tries, c.NotStarted = 0, it.failures == 0
		if it.failures > 1 {
			c.Tries = it.failures
		}
		it.stopTimer()
		m.failLocked(it, m.failures.share(c))
	}
}
