// Package openfiles sizes the engine to the number of files the process
// may hold open at once (RLIMIT_NOFILE on Unix systems). Each download
// holds its temporary file, its connection and, for a moment, the
// connection it replaces; each file being synced to disk holds one more.
// Under a low limit ("ulimit -n 128") fewer downloads run at once rather
// than fail with "too many open files".
package openfiles

// reserved is what the process holds open besides downloads: its
// standard streams, the queue and its lock, the network poller, folders
// being synced, the cookie and archive files.
const reserved = 32

// perDownload is the files one download holds at once.
const perDownload = 3

// Budget is how many downloads, and files being synced, may run at once.
type Budget struct {
	Downloads, Syncs int
}

// For is the budget under limit open files, at most maxDownloads and
// maxSyncs; a limit of 0 (unknown) caps nothing. Whatever the limit, one
// download and one sync may run.
func For(limit, maxDownloads, maxSyncs int) Budget {
	if limit <= 0 {
		return Budget{Downloads: maxDownloads, Syncs: maxSyncs}
	}
	share := max(limit-reserved, 0) / (perDownload + 1)
	return Budget{Downloads: clamp(share, maxDownloads), Syncs: clamp(share, maxSyncs)}
}

// clamp is n between 1 and most.
func clamp(n, most int) int { return max(min(n, most), 1) }
