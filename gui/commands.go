package gui

import "context"

// commandBacklog is how many batch commands may wait for the engine.
const commandBacklog = 64

// command hands a batch command (Start, Stop, Pause all…) to the engine
// off the UI thread, so a key or a click takes effect at once however long
// the list is; commands run one at a time, in the order they were given.
func (u *UI) command(f func()) {
	u.cmds <- f
}

// runCommands runs the commands until ctx ends.
func (u *UI) runCommands(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case f := <-u.cmds:
			f()
		}
	}
}
