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

// runCommands runs the commands until ctx ends, then closes stopped. A
// command given as the window closes is dropped: it would act on a batch
// that is being stopped, and Start would hold again the folders the window
// lets go (see Close).
func (u *UI) runCommands(ctx context.Context, stopped chan<- struct{}) {
	defer close(stopped)
	for {
		select {
		case <-ctx.Done():
			return
		case f := <-u.cmds:
			if ctx.Err() != nil {
				return
			}
			f()
		}
	}
}
