package transfer

import (
	"context"
	"errors"
	"net/http"

	"haul/downloader/pages"
)

// Ending is how a try ended.
type Ending int

// The ways a try ends.
const (
	// Interrupted: the item's context ended (pause, cancel, stop); no failure.
	Interrupted Ending = iota
	// Complete: the whole body is in Result.File, still open.
	Complete
	// AlreadyWhole: the temporary file already held the whole file; nothing was asked.
	AlreadyWhole
	// Stopped: the Plan hook stopped the try; the hook knows why.
	Stopped
	// PageRead: the body was read as a web page (Result.Page).
	PageRead
	// Refused: the answer is an error status (Result.Resp).
	Refused
	// NoFile: a success status that carries no file, such as 204.
	NoFile
	// TooLarge: the file is larger than Job.MaxSize.
	TooLarge
	// CannotResume: a resume was answered 416.
	CannotResume
	// Changed: a partial answer of another version than the temporary file's.
	Changed
	// WrongPart: a partial answer of another range than asked for.
	WrongPart
	// EmptyBody: an answer of unknown length that brought no bytes.
	EmptyBody
	// ReadFailed: the request or the body failed (Result.Err).
	ReadFailed
	// PageUnreadable: the body could not be read as a web page (Result.Err).
	PageUnreadable
	// WriteFailed: writing the temporary file failed (Result.Err).
	WriteFailed
	// OpenFailed: opening the temporary file failed (Result.Err).
	OpenFailed
)

// Result is what one try brought.
type Result struct {
	Ending Ending
	// Resp is the answer, when there was one; its body is closed.
	Resp *http.Response
	// Err is the cause of a ReadFailed, PageUnreadable, WriteFailed or OpenFailed.
	Err error
	// Reached is the byte the temporary file got to, when this try wrote bytes.
	Reached int64
	// Head is the first bytes of a refusal's body (Refused), for the site's own words.
	Head []byte
	// File is the temporary file of a Complete try, whole and still open.
	File PartFile
	// Page is the web page of a PageRead try.
	Page *Page
}

// Page is a web page read instead of a file.
type Page struct {
	// URL is the page's address after redirects.
	URL string
	// Images are the pictures found on it.
	Images []pages.Image
}

// ErrIdle is the cause of a try ended because the server sent nothing
// for the idle timeout.
var ErrIdle = errors.New("the server stopped sending data")

// readFailed explains a request or body that failed: no failure when the
// item's context ended, the idle timeout when that ended the try.
func readFailed(ctx, tctx context.Context, err error, reached int64) Result {
	if ctx.Err() != nil {
		return Result{Ending: Interrupted, Reached: reached}
	}
	if cause := context.Cause(tctx); errors.Is(cause, ErrIdle) {
		err = cause
	}
	return Result{Ending: ReadFailed, Err: err, Reached: reached}
}
