package record

import (
	"strconv"
	"strings"

	"haul/downloader/itemstate"
)

// SavedFailure is the failure the record carries: its Failure, or one
// rebuilt from a queue saved when failures were English sentences; nil
// when it carries none.
func (r Record) SavedFailure() *itemstate.ItemError {
	switch {
	case r.Failure != nil:
		return r.Failure
	case r.LegacyError != "":
		return legacyError(r.LegacyErrKind, r.Status)
	}
	return nil
}

// SavedNote is the note the record carries: its Note, or one read from a
// queue saved when notes were English sentences; the zero Note when none.
func (r Record) SavedNote() itemstate.Note {
	if r.Note.IsZero() && r.LegacyNote != "" {
		return legacyNote(r.LegacyNote)
	}
	return r.Note
}

// legacyError rebuilds the reason of a failure saved before reasons were
// codes, from its kind and status; the old English text is not kept.
func legacyError(kind itemstate.ErrorKind, status int) *itemstate.ItemError {
	reasons := map[itemstate.ErrorKind]itemstate.Reason{itemstate.ErrHTTP: itemstate.ReasonHTTP,
		itemstate.ErrNetwork: itemstate.ReasonConnection, itemstate.ErrTimeout: itemstate.ReasonStalled,
		itemstate.ErrShortBody: itemstate.ReasonCutShort, itemstate.ErrRedirect: itemstate.ReasonRedirectLoop,
		itemstate.ErrBadLink: itemstate.ReasonNotHTTP, itemstate.ErrDisk: itemstate.ReasonDisk,
		itemstate.ErrNotImage: itemstate.ReasonNotImage}
	r, ok := reasons[kind]
	if !ok || r == itemstate.ReasonHTTP && status == 0 {
		r = itemstate.ReasonUnknown
	}
	return &itemstate.ItemError{Kind: kind, Reason: r, Status: status}
}

// legacyNote reads a note saved as an English sentence before notes were
// kinds; a sentence it does not know gives no note.
func legacyNote(text string) itemstate.Note {
	named := map[string]itemstate.NoteKind{"Already in the folder: ": itemstate.NoteInFolder,
		"Same picture as ": itemstate.NoteSamePicture, "Saved by an earlier run: ": itemstate.NoteSavedEarlier}
	for prefix, kind := range named {
		if name, ok := strings.CutPrefix(text, prefix); ok {
			return itemstate.Note{Kind: kind, Name: name}
		}
	}
	if rest, ok := strings.CutPrefix(text, "Web page: "); ok {
		count, _ := strconv.Atoi(strings.Fields(rest + " 0")[0])
		return itemstate.Note{Kind: itemstate.NotePage, Count: count}
	}
	if strings.HasPrefix(text, "Web page with no pictures") {
		return itemstate.Note{Kind: itemstate.NotePage}
	}
	return itemstate.Note{}
}
