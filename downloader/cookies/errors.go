package cookies

import (
	"fmt"
)

// Kind says why cookies could not be read, so that the window and the
// command line can explain it in the user's language.
type Kind int

// The reasons cookies cannot be read.
const (
	// Unreadable is a file or database that cannot be opened or read.
	Unreadable Kind = iota + 1
	// BadFile is a cookies.txt that is not in the Netscape format.
	BadFile
	// UnknownBrowser is a browser name Haul does not know.
	UnknownBrowser
	// NoProfile is a browser with no profile (or not the one asked for) on this computer.
	NoProfile
	// Locked is a Chromium-family browser whose cookies are encrypted with a
	// key Haul cannot get: the system keyring refused, or the browser
	// protects them from other programs (app-bound encryption on Windows).
	Locked
	// Unsupported is a browser whose cookies Haul cannot read on this system.
	Unsupported
)

// Error explains why cookies could not be read. It never holds a cookie value.
type Error struct {
	Kind Kind
	// Browser is the browser asked for, Path the file or database involved,
	// Line the cookies.txt line at fault (0 when none).
	Browser, Path string
	Line          int
	Err           error
}

// Error says in plain English what went wrong and what to do.
func (e *Error) Error() string {
	switch e.Kind {
	case BadFile:
		if e.Line > 0 {
			return fmt.Sprintf("%s is not a cookies.txt file (line %d: %v). Export the cookies again in the Netscape format", e.Path, e.Line, e.Err)
		}
		return fmt.Sprintf("%s is not a cookies.txt file: %v", e.Path, e.Err)
	case UnknownBrowser:
		return fmt.Sprintf("%q is not a browser Haul can read cookies from; choose one of %s", e.Browser, BrowserList())
	case NoProfile:
		return fmt.Sprintf("found no %s profile with cookies on this computer", e.Browser)
	case Locked:
		return fmt.Sprintf("%s keeps its cookies locked away from other programs (%v). Export them to a cookies.txt file with a browser extension and use that instead", e.Browser, e.Err)
	case Unsupported:
		return fmt.Sprintf("Haul cannot read %s's cookies on this system. Export them to a cookies.txt file with a browser extension and use that instead", e.Browser)
	}
	return fmt.Sprintf("could not read the cookies in %s: %v", e.Path, e.Err)
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }
