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

// NoteKind says why an item was skipped, as a stable code; the words come
// from the catalogues of package haul/i18n.
type NoteKind string

// The kinds of note a Skipped item can carry, and the Note fields each uses.
const (
	// NoteInFolder is a file already in the folder (Name).
	NoteInFolder NoteKind = "in-folder"
	// NoteSamePicture is a picture identical to one saved already (Name).
	NoteSamePicture NoteKind = "same-picture"
	// NotePage is a link that was a web page, read for its pictures (Count),
	// of which NotAdded were not added because the list was full.
	NotePage NoteKind = "page"
	// NoteSavedEarlier is a file saved by an earlier run of haul get (Name).
	NoteSavedEarlier NoteKind = "saved-earlier"
	// NoteSavedBefore is a link or a picture the folder's download archive
	// holds: saved before, and perhaps deleted since.
	NoteSavedBefore NoteKind = "saved-before"
)

// Note explains a Skipped item: a kind and its parameters, never a sentence.
// The zero Note means there is nothing to explain.
type Note struct {
	Kind NoteKind `json:"kind"`
	// Name is the file the note is about.
	Name string `json:"name,omitempty"`
	// Count is how many pictures a web page had.
	Count int `json:"count,omitempty"`
	// NotAdded is how many of a web page's pictures were not added because
	// the list already held the most links it takes.
	NotAdded int `json:"notAdded,omitempty"`
}

// IsZero reports whether there is no note.
func (n Note) IsZero() bool { return n.Kind == "" }
