package originals

import "sync"

// triesBeforeJudging is how many answers a rule's candidate must get on a
// host before it may be given up there.
const triesBeforeJudging = 4

// Tally keeps a batch polite: it counts, per host and per rule's
// candidate (its place in the rule's list), how often the candidate was
// taken and how often it failed, and says to skip one that failed on most
// links of its host. A Tally is safe for concurrent use; the zero Tally
// is ready.
type Tally struct {
	mu     sync.Mutex
	counts map[tallyKey]*tallyCount
}

type tallyKey struct {
	host, rule string
	place      int
}

type tallyCount struct{ taken, failed int }

// Skip says whether the candidate at place of rule has failed on most of
// host's links so far, and is no longer worth a request there.
func (t *Tally) Skip(host, rule string, place int) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.counts[tallyKey{host, rule, place}]
	return c != nil && c.taken+c.failed >= triesBeforeJudging && c.failed > 3*c.taken
}

// Note counts one answer of the candidate at place of rule on host.
func (t *Tally) Note(host, rule string, place int, taken bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.counts == nil {
		t.counts = map[tallyKey]*tallyCount{}
	}
	k := tallyKey{host, rule, place}
	c := t.counts[k]
	if c == nil {
		c = &tallyCount{}
		t.counts[k] = c
	}
	if taken {
		c.taken++
	} else {
		c.failed++
	}
}
