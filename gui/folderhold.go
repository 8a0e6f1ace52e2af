package gui

import (
	"io"
	"sync"

	"haul/downloader/queue"
)

// folderHolds holds the output folders the window saves into, with the
// lock haul get takes, so that haul get into one of them is refused with
// words that name the window, and the window does not save into a folder
// haul get is saving into. A folder stays held until the window closes:
// items started there may still be saving into it after another folder
// is chosen.
type folderHolds struct {
	mu   sync.Mutex
	held map[string]io.Closer
}

// hold holds dir, when it is not held already; a folder another program
// holds is an error wrapping a *queue.InUseError, which names it.
func (h *folderHolds) hold(dir string) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.held[dir]; ok {
		return nil
	}
	c, err := queue.HoldFolder(dir, queue.HolderWindow)
	if err != nil {
		return err
	}
	if h.held == nil {
		h.held = map[string]io.Closer{}
	}
	h.held[dir] = c
	return nil
}

// releaseAll lets every folder go, when the window closes.
func (h *folderHolds) releaseAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for dir, c := range h.held {
		c.Close()
		delete(h.held, dir)
	}
}
