// Package instance keeps one Haul at a time per user: the first Haul
// listens on a socket in a folder only its user can open, and a second
// launch (a list opened with Haul, the browser's host) hands what it was
// given to the first over that socket instead of opening a second window on
// the same queue. It is a Unix domain socket made 0600 in a 0700 folder on
// Linux, BSD and macOS, and a named pipe on Windows that only the user can
// open, that refuses other computers, and that a launch checks is the
// user's own before handing anything over; no TCP port is opened.
//
// On Unix the socket's folder is $XDG_RUNTIME_DIR/haul only when that
// runtime folder is a real folder of the user's own that no one else may
// open, else Haul's settings folder; the socket's folder is opened without
// following a link, must be the user's, and is made 0700 through that
// handle. Each end asks the system who is at the other (SO_PEERCRED, or
// LOCAL_PEERCRED on macOS and FreeBSD): a launch hangs up, before a word,
// on a listener of another user's (ErrAnotherUser), and the running Haul
// on a launch of another user's. An Accept that fails (out of open files)
// is tried again after a pause, never the end of the serving.
//
// The package is plain Go; it never imports Fyne or the engine package.
package instance
