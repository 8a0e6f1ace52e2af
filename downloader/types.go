package downloader

import (
	"haul/downloader/items"
	"haul/downloader/itemstate"
	"haul/downloader/try"
)

// The engine's faces (the window, haul get) speak of the list in the
// words of package items; the engine names them too.
type (
	// ID identifies an item within a Manager.
	ID = itemstate.ID
	// ItemSnapshot is an immutable copy of one item's state.
	ItemSnapshot = items.Snapshot
	// Summary counts items by state.
	Summary = items.Summary
	// Delta is what changed in the list since a revision.
	Delta = items.Delta
	// Rejected is a link that was not added, with the reason.
	Rejected = items.Rejected
	// Controls are the user's commands on the items.
	Controls = items.Controls
	// ListEdit is the hand editing of the list.
	ListEdit = items.Edit
	// Intake is one way links come into the list.
	Intake = items.Intake
	// Page is a web page on which pictures were found.
	Page = items.Page
	// Restoring says how items saved earlier come back.
	Restoring = items.Restoring
	// PageFound reports a link that turned out to be a web page.
	PageFound = try.PageFound
	// Archive is a download archive (package archive keeps one): the
	// engine asks it before each download and after a picture's bytes are
	// in, and tells it each file saved; its methods are called from the
	// tries, with no lock held, and must be safe for concurrent use.
	Archive = try.Archive
)

// How items saved earlier come back.
const (
	AsSaved = items.AsSaved
	AsRerun = items.AsRerun
)

// Rename's errors: the download has started, or the name has nothing in it.
var (
	ErrStarted = items.ErrStarted
	ErrNoName  = items.ErrNoName
)

// ListFull counts the links of rejected that were not added because the
// list was full (see items.ListFull).
func ListFull(rejected []Rejected) int { return items.ListFull(rejected) }
