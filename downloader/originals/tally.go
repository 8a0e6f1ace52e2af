package originals

import "sync"

// linksBeforeJudging is how many links of a host a rule must have been
// tried on before it may be given up there.
const linksBeforeJudging = 4

// Tally keeps a batch polite: it counts, per host and rule, on how many
// links the rule's candidates found the original and on how many none
// did, and says to stop asking a rule that failed on most links of its
// host. It judges the rule on a link as a whole, not each candidate: a
// rule whose second extension is right on one link in ten still finds
// those. A Tally is safe for concurrent use; the zero Tally is ready, and a nil
// Tally keeps no count.
type Tally struct {
	mu     sync.Mutex
	counts map[tallyKey]*tallyCount
}

type tallyKey struct{ host, rule string }

type tallyCount struct{ found, failed int }

// Skip says whether rule has failed on most of host's links so far, and
// is no longer worth a request there.
func (t *Tally) Skip(host, rule string) bool {
	if t == nil {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.counts[tallyKey{host, rule}]
	return c != nil && c.found+c.failed >= linksBeforeJudging && c.failed > 3*c.found
}

// Note counts one link of host on which rule was tried: found says one
// of its candidates was taken.
func (t *Tally) Note(host, rule string, found bool) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.counts == nil {
		t.counts = map[tallyKey]*tallyCount{}
	}
	k := tallyKey{host, rule}
	c := t.counts[k]
	if c == nil {
		c = &tallyCount{}
		t.counts[k] = c
	}
	if found {
		c.found++
	} else {
		c.failed++
	}
}
