package downloader

import "haul/downloader/itemstate"

// transition is one allowed move of an item from one state to another, with
// what causes it. The table below is the whole state machine: the diagram in
// the package documentation draws it, and setStateLocked refuses any move
// that is not listed.
type transition struct {
	from, to State
	cause    string
}

var transitions = []transition{
	{Queued, Active, "a download slot is free and the site may take a request"},
	{Queued, Paused, "the user pauses it"},
	{Queued, Canceled, "the user cancels it"},
	{Queued, Failed, "the output folder cannot be written, so nothing more starts"},

	{Active, Done, "the file is saved"},
	{Active, Skipped, "the file was already there, is a duplicate, or the link was a web page"},
	{Active, Failed, "the retry decision gives up"},
	{Active, Waiting, "the retry decision asks for a wait before the next try"},
	{Active, Queued, "the run stops, or the retry decision resumes or restarts at once"},
	{Active, Paused, "the user pauses it"},
	{Active, Canceled, "the user cancels it"},

	{Waiting, Queued, "the wait is over, or the run stops"},
	{Waiting, Paused, "the user pauses it"},
	{Waiting, Canceled, "the user cancels it"},
	{Waiting, Failed, "the output folder cannot be written, so nothing more starts"},

	{Paused, Queued, "the user resumes it"},
	{Paused, Canceled, "the user cancels it"},

	{Failed, Queued, "the user retries it, or haul get runs the same list again"},
	{Canceled, Queued, "the user retries it"},
}

// allowed[from][to] says whether the table lists the move.
var allowed = func() (a [itemstate.NumStates][itemstate.NumStates]bool) {
	for _, t := range transitions {
		a[t.from][t.to] = true
	}
	return a
}()

// canMove reports whether an item may go from one state to another.
func canMove(from, to State) bool {
	if from < 0 || int(from) >= itemstate.NumStates || to < 0 || int(to) >= itemstate.NumStates {
		return false
	}
	return allowed[from][to]
}
