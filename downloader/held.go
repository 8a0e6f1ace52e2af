package downloader

// HoldAll pauses every item that is not finished for the schedule, and
// notes each as held; it returns how many it paused. Items the user
// paused stay the user's: ReleaseHeld resumes only the held ones.
func (c *Controls) HoldAll() int {
	return c.each(func(it *item) bool {
		if !c.pause(it) {
			return false
		}
		it.held = true
		c.m.markDirtyLocked(it)
		return true
	})
}

// ReleaseHeld queues again the items HoldAll paused that are still
// paused, and no other; it returns how many.
func (c *Controls) ReleaseHeld() int {
	return c.each(func(it *item) bool {
		if !it.held || it.state != Paused {
			return false
		}
		c.m.requeueLocked(it)
		return true
	})
}
