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
	// TooLarge is a cookies.txt over MaxFileSize, or a browser database
	// over MaxDatabaseSize (Size, Limit).
	TooLarge
	// NotAFile is a path that names a device, a named pipe or a folder
	// rather than a file.
	NotAFile
)

// Error explains why cookies could not be read. It never holds a cookie value.
type Error struct {
	Kind Kind
	// Browser is the browser asked for, Path the file or database involved,
	// Line the cookies.txt line at fault (0 when none).
	Browser, Path string
	Line          int
	// Size and Limit are a file's size and the most Haul reads, for TooLarge.
	Size, Limit int64
	Err         error
}

// Error describes the failure for logs; the words a user reads come from
// the language catalogues (package i18n), which read Kind and the fields.
func (e *Error) Error() string {
	what := map[Kind]string{BadFile: "not a cookies.txt file", UnknownBrowser: "unknown browser",
		NoProfile: "no profile", Locked: "cookies locked", Unsupported: "unsupported browser",
		TooLarge: "too large", NotAFile: "not a file"}[e.Kind]
	if what == "" {
		what = "unreadable"
	}
	return fmt.Sprintf("cookies: %s (browser %q, path %q, line %d): %v", what, e.Browser, e.Path, e.Line, e.Err)
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }
