package downloader

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// ErrorKind groups failures by what the user can do about them.
type ErrorKind int

// The kinds of failure an item can end with or wait on.
const (
	// ErrNone means no error.
	ErrNone ErrorKind = iota
	// ErrHTTP is an HTTP status that is not a success.
	ErrHTTP
	// ErrNetwork is a connection that could not be made or was dropped.
	ErrNetwork
	// ErrTimeout is a server that stopped sending.
	ErrTimeout
	// ErrShortBody is a body that ended before its announced length.
	ErrShortBody
	// ErrRedirect is a redirect loop, too many redirects, or a redirect to another scheme.
	ErrRedirect
	// ErrBadLink is a link that cannot be downloaded at all.
	ErrBadLink
	// ErrDisk is a failure to write to the output folder (full, read-only, no permission).
	ErrDisk
	// ErrServer is a response that makes no sense (e.g. a wrong range).
	ErrServer
	// ErrNotImage is a web page or text sent where a picture was expected.
	ErrNotImage
)

// ItemError is why an item failed or is waiting, in words a user can act on.
type ItemError struct {
	Kind ErrorKind
	// Status is the HTTP status when Kind is ErrHTTP.
	Status int
	// Message is the plain-English explanation shown to the user.
	Message string
	// Err is the underlying error, for logs.
	Err error
}

// Error returns the human message.
func (e *ItemError) Error() string { return e.Message }

// Unwrap exposes the underlying error.
func (e *ItemError) Unwrap() error { return e.Err }

var (
	errPaused           = errors.New("paused")
	errCanceled         = errors.New("canceled")
	errStopped          = errors.New("stopped")
	errYielded          = errors.New("back to the queue: fewer downloads at once")
	errIdle             = errors.New("the server stopped sending data")
	errTooManyRedirects = errors.New("too many redirects")
	errRedirectScheme   = errors.New("redirect to a non-http link")
)

// statusMessage explains an HTTP status in plain words.
func statusMessage(code int) string {
	text := http.StatusText(code)
	if text == "" {
		text = "HTTP error"
	}
	switch code {
	case http.StatusNotFound:
		return "Not found (404): the link is broken or the file was removed."
	case http.StatusGone:
		return "Gone (410): the site removed this file for good."
	case http.StatusForbidden:
		return "Access denied (403): the site refuses this download; it may need you to log in, or it blocks direct downloads."
	case http.StatusUnauthorized:
		return "Login required (401): the site wants a user name and password."
	case http.StatusBadRequest:
		return "Bad request (400): the site did not accept this link; check that it is complete."
	case http.StatusTooManyRequests:
		return "Too many requests (429): the site kept asking us to slow down. Try again later, or lower the speed."
	case http.StatusRequestTimeout:
		return "The site timed out (408). Try again later."
	case http.StatusRequestedRangeNotSatisfiable:
		return "The site could not resume this file (416)."
	}
	if code >= 500 {
		return fmt.Sprintf("The site had a problem (%d %s). Try again later.", code, text)
	}
	return fmt.Sprintf("The site refused the download (%d %s).", code, text)
}

// httpError builds the error for a non-success status.
func httpError(code int) *ItemError {
	return &ItemError{Kind: ErrHTTP, Status: code, Message: statusMessage(code), Err: fmt.Errorf("HTTP %d", code)}
}

// failureMessage adds the attempt count to a retryable error that ran out of tries.
func failureMessage(e *ItemError, attempts int) *ItemError {
	if attempts <= 1 {
		return e
	}
	msg := strings.TrimSuffix(e.Message, ".")
	return &ItemError{Kind: e.Kind, Status: e.Status, Err: e.Err,
		Message: fmt.Sprintf("%s — gave up after %d tries.", msg, attempts)}
}
