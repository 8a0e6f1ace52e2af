// Package instance keeps one Haul at a time per user: the first Haul
// listens on a socket in a folder only its user can open, and a second
// launch (a list opened with Haul, the browser's host) hands what it was
// given to the first over that socket instead of opening a second window on
// the same queue. It is a Unix domain socket made 0600 in a 0700 folder on
// Linux, BSD and macOS, and a named pipe on Windows that only the user can
// open, that refuses other computers, and that a launch checks is the
// user's own before handing anything over; no TCP port is opened.
//
// The package is plain Go; it never imports Fyne or the engine package.
package instance
