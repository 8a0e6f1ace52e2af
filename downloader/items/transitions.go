package items

import (
	"haul/downloader/itemstate"
)

// moment says when a move happens: while the queue runs, or when an item
// is brought back from the saved queue.
type moment int

const (
	// live moves happen while Haul runs: the engine's and the user's.
	live moment = iota
	// restoring moves start an item restored from the saved queue in
	// another state than the one it was saved in.
	restoring
	// rerunning moves say what a saved item becomes when haul get runs
	// the same list again (Options.Rerun).
	rerunning
)

var momentNames = [...]string{"live", "restoring", "rerunning"}

func (w moment) String() string { return momentNames[w] }

// transition is one allowed move of an item from one state to another, with
// when and why it happens. The table below is the whole state machine: the
// diagram in the package documentation draws it, and every move of an
// item, restoring included, goes through Store.setState or startState, which
// refuse any move that is not listed.
type transition struct {
	from, to State
	when     moment
	cause    string
}

var transitions = []transition{
	{Queued, Active, live, "a download slot is free and the site may take a request"},
	{Queued, Paused, live, "the user pauses it"},
	{Queued, Canceled, live, "the user cancels it"},
	{Queued, Failed, live, "the output folder cannot be written, or the site is judged down, so it does not start"},

	{Active, Done, live, "the file is saved"},
	{Active, Skipped, live, "the file was already there, is a duplicate, or the link was a web page"},
	{Active, Failed, live, "the retry decision gives up"},
	{Active, Waiting, live, "the retry decision asks for a wait before the next try"},
	{Active, Queued, live, "the run stops, or the retry decision resumes or restarts at once"},
	{Active, Paused, live, "the user pauses it"},
	{Active, Canceled, live, "the user cancels it"},

	{Waiting, Queued, live, "the wait is over, or the run stops"},
	{Waiting, Paused, live, "the user pauses it"},
	{Waiting, Canceled, live, "the user cancels it"},
	{Waiting, Failed, live, "the output folder cannot be written, or the site is judged down, so it is not tried again"},

	{Paused, Queued, live, "the user resumes it"},
	{Paused, Canceled, live, "the user cancels it"},

	{Failed, Queued, live, "the user retries it"},
	{Canceled, Queued, live, "the user retries it"},
	{Done, Queued, live, "its link was taken out of the download archive and the user retries it or adds it again"},
	{Skipped, Queued, live, "its link was taken out of the download archive and the user retries it or adds it again"},

	{Active, Queued, restoring, "it was downloading when Haul stopped: it resumes from its temporary file"},
	{Waiting, Queued, restoring, "it was waiting for its next try when Haul stopped"},
	{Active, Done, restoring, "its file is under its final name: Haul stopped after saving it and before noting it"},
	{Waiting, Done, restoring, "its file is under its final name: Haul stopped after saving it and before noting it"},
	{Done, Failed, restoring, "its saved file is no longer in its folder"},

	{Done, Skipped, rerunning, "it was saved by an earlier run and is still in its folder"},
	{Done, Queued, rerunning, "it was saved by an earlier run but is no longer in its folder: it is downloaded again"},
	{Failed, Queued, rerunning, "it gets a fresh set of tries, resuming its temporary file"},
	{Canceled, Queued, rerunning, "it gets a fresh set of tries"},
}

// allowed[when][from][to] says whether the table lists the move.
var allowed = func() (a [len(momentNames)][itemstate.NumStates][itemstate.NumStates]bool) {
	for _, t := range transitions {
		a[t.when][t.from][t.to] = true
	}
	return a
}()
