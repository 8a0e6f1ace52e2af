package schedule

import (
	"haul/downloader/clock"
	"sync"
	"time"
)

// Action is what happens when the batch is done.
type Action int

// The actions offered.
const (
	// Nothing: Haul stays open.
	Nothing Action = iota
	// Quit: Haul quits.
	Quit
	// Sleep: the computer goes to sleep.
	Sleep
	// ShutDown: the computer shuts down.
	ShutDown
)

// Actions are every action, in the order they are offered.
var Actions = []Action{Nothing, Quit, Sleep, ShutDown}

// actionNames are the actions' names as settings keep them.
var actionNames = []string{"nothing", "quit", "sleep", "shutdown"}

// String is the action's name as settings keep it.
func (a Action) String() string {
	if a < 0 || int(a) >= len(actionNames) {
		return actionNames[0]
	}
	return actionNames[a]
}

// ParseAction reads an action's name; an unknown one is Nothing.
func ParseAction(s string) Action {
	for i, n := range actionNames {
		if n == s {
			return Action(i)
		}
	}
	return Nothing
}

// System is what the actions ask of the computer; tests replace it.
type System interface {
	// Quit ends Haul.
	Quit()
	// Sleep puts the computer to sleep.
	Sleep() error
	// ShutDown shuts the computer down.
	ShutDown() error
}

// CountdownLength is how long the user has to cancel an action.
const CountdownLength = 60 * time.Second

// Countdown is an action waiting for its time, which Cancel calls off.
type Countdown struct {
	Action Action
	// At is when the action is taken.
	At     time.Time
	cancel chan struct{}
	once   sync.Once
	// Done is closed once the action was taken or called off; Err is then
	// what the system answered.
	Done chan struct{}
	Err  error
}

// Start counts down CountdownLength by clock, then takes the action with
// system, unless Cancel comes first. Nothing is taken at once.
func Start(a Action, clock clock.Clock, system System) *Countdown {
	c := &Countdown{Action: a, At: clock.Now().Add(CountdownLength), cancel: make(chan struct{}), Done: make(chan struct{})}
	if a == Nothing {
		close(c.Done)
		return c
	}
	expired := clock.After(CountdownLength)
	go func() {
		defer close(c.Done)
		select {
		case <-c.cancel:
		case <-expired:
			select {
			case <-c.cancel: // cancelled as the time came
			default:
				c.Err = take(a, system)
			}
		}
	}()
	return c
}

// Cancel calls the action off, when it was not taken yet.
func (c *Countdown) Cancel() { c.once.Do(func() { close(c.cancel) }) }

// take carries out the action.
func take(a Action, system System) error {
	switch a {
	case Quit:
		system.Quit()
	case Sleep:
		return system.Sleep()
	case ShutDown:
		return system.ShutDown()
	}
	return nil
}
