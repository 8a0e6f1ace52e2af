package downloader

// hostQueue holds one site's queued items in order and counts its running ones.
type hostQueue struct {
	key    string
	queue  []*item
	head   int
	active int
	pace   pace
	// answered says the site answered a request since Haul started;
	// refusals counts the definite failures to connect to it since then,
	// or since the user last retried its links (see sitedown.go).
	answered bool
	refusals int
}

func (h *hostQueue) push(it *item) {
	if it.inQueue {
		return
	}
	it.inQueue = true
	h.queue = append(h.queue, it)
}

// pop returns the next item still Queued, dropping ones that were paused or
// canceled while they waited in line.
func (h *hostQueue) pop() *item {
	for h.head < len(h.queue) {
		it := h.queue[h.head]
		h.queue[h.head] = nil
		h.head++
		it.inQueue = false
		if it.state == Queued {
			h.compact()
			return it
		}
	}
	h.compact()
	return nil
}

// compact reclaims the consumed front of the queue once it is most of it.
func (h *hostQueue) compact() {
	if h.head > 64 && h.head*2 > len(h.queue) {
		n := copy(h.queue, h.queue[h.head:])
		clear(h.queue[n:])
		h.queue = h.queue[:n]
		h.head = 0
	}
}

func (h *hostQueue) pending() bool { return h.head < len(h.queue) }
