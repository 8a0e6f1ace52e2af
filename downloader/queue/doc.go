// Package queue keeps a download queue on disk so that nothing is lost when
// the app quits, crashes or loses power.
//
// The file is a journal of JSON lines: a header line, then one line per item
// change (the item's latest Record, keyed by URL) or removal. Appending a
// line costs the same whatever the size of the queue, so saving never slows
// downloading; when the journal grows to about twice the live queue it is
// rewritten whole (temp file, fsync, rename). On open, the last line for each
// URL wins. A torn last line — the mark of a crash mid-write — is dropped;
// anything else unreadable moves the file aside as "<name>.broken-<time>"
// and the queue starts from what could be read (or empty), with a Problem
// that says so in one line.
//
// A journal was chosen over an embedded database such as bbolt because it
// needs no dependency, restores 100,000 items in well under a second, and
// its writes are proportional to what changed.
package queue
