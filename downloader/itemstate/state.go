package itemstate

// State is where an item is in its life. Queued, Active, Waiting and Paused
// are on the way; Done, Failed, Skipped and Canceled are final.
type State int

// The states of an item; the engine's package documentation draws the moves between them.
const (
	Queued State = iota
	Active
	Waiting
	Paused
	Done
	Failed
	Skipped
	Canceled
)

// NumStates is how many states there are: an array indexed by State has this length.
const NumStates = int(Canceled) + 1

const numStates = State(NumStates)

var stateNames = [numStates]string{"queued", "active", "waiting", "paused", "done", "failed", "skipped", "canceled"}

// String returns the state's lower-case name, as used in reports and logs.
func (s State) String() string {
	if s < 0 || s >= numStates {
		return "unknown"
	}
	return stateNames[s]
}

// Final reports whether the item has reached an end state.
func (s State) Final() bool { return s >= Done && s < numStates }

// ParseState is the inverse of String.
func ParseState(name string) (State, bool) {
	for i, n := range stateNames {
		if n == name {
			return State(i), true
		}
	}
	return 0, false
}

// ID identifies an item within its engine.
type ID int64
