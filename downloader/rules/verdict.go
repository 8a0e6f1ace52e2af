package rules

import (
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"time"

	"haul/downloader/itemstate"
	"haul/downloader/throttle"
	"haul/downloader/transfer"
)

// Verdict is what a failed try means: the failure, and whether another
// try may mend it.
type Verdict struct {
	Err *itemstate.ItemError
	// Retry says another try may mend the failure.
	Retry bool
	// Restart says the next try starts from byte 0, without the
	// temporary file: the site could not resume it, the file changed, or
	// the file's name was taken meanwhile.
	Restart bool
	// MinWait is the server's Retry-After, the least we wait before the next attempt.
	MinWait time.Duration
	// SlowDown says the site asked us to slow down (429/503).
	SlowDown bool
	// Throttle says whether the answer is, or may be, the site asking us
	// to slow down (see package throttle).
	Throttle throttle.Kind
}

// Failure is one try that did not bring a file, as the engine saw it.
type Failure struct {
	// Ending is how the transfer ended; transfer.WriteFailed also stands
	// for any failure to save into the output folder after the transfer.
	Ending transfer.Ending
	// Resp is the answer, when there was one.
	Resp *http.Response
	// Err is the cause the transfer or the save gave.
	Err error
	// Refused is the engine's own refusal of an answer it read (a sign-in
	// page, text where a picture was expected, an empty picture).
	Refused *itemstate.ItemError
	// Unjournaled is why the journal could not note the temporary file
	// the try was about to create, so the try stopped before creating it.
	Unjournaled error
	// PartStuck is why the temporary file a restart from byte 0 gives up
	// could not be removed: the item fails alone, and keeps the file.
	PartStuck error
	// Host is the link's site, Dir the output folder.
	Host, Dir string
	// MaxSize is the user's size limit, Now the time of the answer.
	MaxSize int64
	Now     time.Time
	// Head is the first bytes of the answer's body, when read.
	Head []byte
	// Signs are the site's own ways of saying "slow down".
	Signs ThrottleSigns
}

// Classify is the one verdict entry point: it says what kind of failure a
// try ended with and whether another try may mend it. Everything that
// fails a try comes through here, as rclone's ShouldRetry does.
func Classify(f Failure) Verdict {
	switch {
	case f.Refused != nil && f.Refused.Reason == itemstate.ReasonNotImage:
		return pageRefusal(f.Refused, f.Head, f.Signs)
	case f.Refused != nil:
		return Verdict{Err: f.Refused}
	case f.Unjournaled != nil:
		// another try may go on once the journal can be written
		return Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrDisk, Reason: itemstate.ReasonDisk, Err: f.Unjournaled}}
	case f.PartStuck != nil:
		return Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrDisk, Reason: itemstate.ReasonPartStuck, Folder: f.Dir,
			Detail: rootCause(f.PartStuck), Err: f.PartStuck}}
	}
	if why, ok := startOverReasons[f.Ending]; ok {
		return Verdict{Retry: true, Restart: true, Err: &itemstate.ItemError{Kind: itemstate.ErrServer, Reason: why}}
	}
	switch f.Ending {
	case transfer.Refused:
		return statusVerdict(f.Resp, f.Now, f.Head, f.Signs)
	case transfer.NoFile:
		return Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrServer, Reason: itemstate.ReasonNoFile, Status: f.Resp.StatusCode}}
	case transfer.TooLarge:
		return tooLarge(f.MaxSize)
	case transfer.EmptyBody:
		return Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrEmptyBody, Reason: itemstate.ReasonEmptyBody, Status: f.Resp.StatusCode}}
	case transfer.PageUnreadable:
		return Verdict{Retry: true, Err: &itemstate.ItemError{Kind: itemstate.ErrNetwork, Reason: itemstate.ReasonPageUnreadable, Err: f.Err}}
	case transfer.OpenFailed:
		return openVerdict(f.Err, f.Dir)
	case transfer.WriteFailed:
		return diskVerdict(f.Err, f.Dir)
	}
	return transportVerdict(f.Err, f.Host)
}

// startOverReasons are the answers to a resume after which the next try
// starts at byte 0.
var startOverReasons = map[transfer.Ending]itemstate.Reason{
	transfer.CannotResume: itemstate.ReasonNoResume,
	transfer.Changed:      itemstate.ReasonChanged,
	transfer.WrongPart:    itemstate.ReasonWrongPart,
}

// openVerdict explains a temporary file that could not be opened. A file
// of the same name that appeared meanwhile sends the item to choose
// another name.
func openVerdict(err error, dir string) Verdict {
	if errors.Is(err, fs.ErrExist) {
		return Verdict{Retry: true, Restart: true, Err: &itemstate.ItemError{Kind: itemstate.ErrDisk, Reason: itemstate.ReasonNameTaken, Err: err}}
	}
	return diskVerdict(err, dir)
}

// HTTPError builds the failure of a status that is not a success.
func HTTPError(code int) *itemstate.ItemError {
	return &itemstate.ItemError{Kind: itemstate.ErrHTTP, Reason: itemstate.ReasonHTTP, Status: code, Err: fmt.Errorf("HTTP %d", code)}
}
