// Package downloader is Haul's download engine: a queue of links, the
// workers that fetch them into an output folder, and the rules that decide
// what happens after each try. It never imports a GUI toolkit; the window
// and haul get read [Manager.Snapshot] and turn failures into words.
//
// # The life of an item
//
// Every item is in one [State]. The moves between states are one table
// (transitions.go); a move that is not in it is refused. Queued, Active,
// Waiting and Paused are on the way; Done, Failed, Skipped and Canceled are
// final, but Failed and Canceled can be tried again, and so can Done and
// Skipped items whose link was taken out of the download archive
// (Controls.Forgotten, forgotten.go).
//
//	          +------------ wait over, or stop -------------+
//	          |                                               |
//	          v                         +--- backoff ---> Waiting
//	add --> Queued ---- slot free ---> Active --- saved ---> Done
//	        ^  ^                        | | |
//	        |  +-- stop, resume/restart-+ | +-- exists, duplicate, page --> Skipped
//	        |       at once               +---- give up -----------------> Failed
//	        |                                                                |
//	        +----------------------------- retry ----------------------------+
//
//	Queued, Active, Waiting --- pause ---> Paused --- resume ---> Queued
//	Queued, Active, Waiting, Paused --- cancel ---> Canceled --- retry ---> Queued
//	Done, Skipped, their link forgotten by the archive --- retry, or added again ---> Queued
//	Queued, Waiting --- output folder unusable ---> Failed
//
// Any state on the way moves to Canceled when the user cancels. Active
// moves straight back to Queued when the run stops or when the next try may
// start at once (a resume after good progress, or a restart from byte 0).
// Queued and Waiting items fail without a try when the output folder
// cannot be written or their site is judged down.
//
// An item restored from the saved queue starts in its saved state, but for
// moves the table lists for restoring: one that was Active or Waiting
// starts Queued, or Done when its file turns out saved; a Done item whose
// file is gone starts Failed. When haul get runs the same list again
// (AsRerun), a Done item is Skipped as saved earlier, or Queued when its
// file is gone, and Failed and Canceled items are Queued with a fresh set
// of tries. A move the table does not list is refused with an error, and
// the engine's tests fail on it.
//
// The list holds at most Options.MaxLinks items (links.MaxRunLinks,
// 200,000), whatever their state: a finished item holds its place until it
// is cleared. Every way in (Add, Intake's pages and pictures, the pictures
// of a link that turned out to be a page) meets the cap in addLocked, and
// a link past it comes back Rejected as links.ReasonListFull, for the
// caller to count (ListFull) and tell of once.
//
// # One try, one way
//
// A try goes one way, in one function that lists its steps (attempt, in
// attempt.go): the manager prepares, a transfer opens, the manager plans,
// the transfer streams, the manager applies what it brought.
//
//  1. The manager picks an item (Queued → Active) and prepares the try: the
//     job (the link, the temporary file it owns, the version and size the
//     file was started with) and the environment (the HTTP client, the
//     request and byte limits, the counters the progress goes to). A
//     temporary file an earlier run left for the link is adopted here (see
//     "Files on disk"). (attempt.go, leftover.go)
//  2. The transfer (package transfer) opens the try: the request, with
//     Range and If-Range when resuming; the answer checked; the first
//     bytes read to know what the file is. It returns the accepted answer,
//     or how the try ended. The manager makes its plan of the answer: it
//     claims the file name and opens the temporary file, or stops the try
//     (a web page to read for pictures, text where a picture was expected,
//     a file to skip). The transfer then carries the plan out: the body
//     streamed into that file, its length verified. It never calls into
//     the manager. (package transfer; the plan is plan.go)
//  3. The transfer returns a result: complete, or how it ended. The
//     manager turns it into the try's outcome: a complete file is synced,
//     checked for duplicates and moved into place; a failure becomes a
//     verdict (a kind of failure, and whether another try may mend it),
//     which rules.Classify alone gives. (outcome.go, save.go, commit.go;
//     package rules)
//  4. The function rules.Decide turns that outcome and the item's history
//     (how many tries counted, how far the file got before) into one step:
//     done, retry after a wait, resume now, restart from byte 0, or fail
//     with a reason. The manager applies the step through the state table
//     and records it in the journal. (package rules, finish.go, transitions.go)
//
// The words the engine shares with its faces (states, failures, notes) are
// package itemstate's, the saved record and the Journal package record's;
// the engine names them too, so its callers need one import.
//
// # A site that says "slow down"
//
// A site may refuse what is over its limits with a 429, or in its own
// words: a 503, another 4xx than 404 and 410, a page where a picture was
// expected, or an answer its rule names (SiteRule.ThrottleStatuses and
// ThrottleText). rules.Classify says which answers are, or may be, such a
// refusal; the site's throttle.Book judges whether the site is throttling
// (a sure refusal, most of its recent links refused, or a refusal while it
// is held at the limits it taught) and learns its limits from it. A link
// refused while the site throttles goes back in line without using up a
// try (rules.StepRequeue), after the site's Retry-After when it gave one,
// at most rules.MaxThrottled times; a link refused while the others from
// its site arrive uses up its tries and fails for its own reason. When a
// site has refused everything for Limits.SiteWait (10 minutes by default),
// its links fail as "the site kept refusing", so every batch ends.
//
// A try that brings bytes beyond the furthest point any earlier try
// reached is free; any other try counts against the retries and waits its
// backoff. So a server that cuts every answer at the same place, and
// ignores Range, ends Failed after the retries instead of looping. A
// partial answer (206) whose validator (ETag or Last-Modified) differs from
// the one the file was started with restarts from byte 0: two versions of
// a file are never spliced. A file whose server names no version (no
// strong ETag, no Last-Modified) is never resumed: each try fetches it from
// byte 0, as browsers do. Failures a new try cannot mend (an untrusted
// certificate, an answer that is not HTTP, a 404) fail at once.
//
// # Parts and their locks
//
// The Manager coordinates parts: it holds the run (Start, Stop, Wait, the
// dispatcher that hands items to tries), adds links, answers queries, and
// owns Manager.mu. Each part says what it guards and which lock:
//
//   - Manager.mu guards the item store (itemStore, itemstore.go: the
//     items and their fields above the line in item.go, the counts, the
//     change feed SnapshotSince reads and the totals Summary reads), the
//     sites' queues (siteQueues, hosts.go: the items waiting their turn,
//     picked round-robin), the pictures saved (pictures, pictures.go:
//     identical ones are found by their sha256) and the failures items
//     share (sharedFailures, keptfailures.go). These parts have no lock of
//     their own. ListEdit (listedit.go, from EditList) changes the list by
//     hand under it: it removes items one by one, moves them to the top or
//     the bottom (their Rank, and their place in their site's line), names
//     one before it starts and notes the workbook cell each link came from.
//   - throttle.Book (package throttle) owns what Haul learned of each
//     site's limits: the queues ask it whether a site may take one more
//     request, and a try tells it what it brought; its lock is taken after
//     Manager.mu. The limits it learned are kept for a day in
//     Options.LearnedLimits, read by New and written when a run stops.
//   - Controls (controls.go, clear.go, revive.go, held.go, forgotten.go:
//     pause, resume, cancel, retry, clear; the schedule's hold and release,
//     which resumes only what it paused), Intake (gallery.go: the links
//     found on web pages) and SavedList (record.go: the journal set and flushed, the list
//     saved and restored) own no state: their methods take Manager.mu.
//     Restoring looks at the folders with no lock held, a batch of saved
//     records at a time, and takes Manager.mu only to make their items of
//     what it found; the files it finds to remove are removed after
//     (restorefiles.go).
//   - A try (try, attempt.go and the files its steps name) is one
//     item's try, run by one goroutine; it takes Manager.mu only for the
//     moments it changes its item. The temporary file its ending gives up
//     (a cancel, a restart from byte 0, a failure for good) is removed
//     with the lock let go, before the item leaves Active (finish.go).
//   - Network (network.go, sites.go, proxy.go, redirect.go, prefetch.go,
//     rendered.go) owns the way to the sites: the client, the cookies, the
//     proxy and the site rules (swapped whole, as atomics) and the kept
//     responses (keptResponses, kept.go, behind their own mutex). It never
//     takes Manager.mu.
//   - folderNames (names.go) owns the file names items hold in each folder,
//     where numbering goes on from, and the folders where a name was given
//     back; claims (claim.go) look at the folder with no lock held, and
//     look at no name in a folder that held nothing and where no name was
//     given back (lookAtReserved). Its mu is taken after Manager.mu.
//   - journalWriter (journalwriter.go) owns the journal: its order lock
//     keeps flushes in order, its mu the changes waiting to be written and
//     the last failure. Manager.mu is taken before its mu, never after.
//   - disk (disk.go) owns createMu, which lets one file be created or
//     removed at a time; it is taken without Manager.mu. It remembers the
//     folders it made, so a file saved costs no look at its folder. Its
//     group sync (groupSync, groupsync.go) shares the disk syncs behind its
//     own mutex.
//   - gate (gate.go) owns the download slots: as many as Limits.Concurrency,
//     or fewer when the process may hold few files open (package
//     openfiles, which also bounds the files synced at once); a try that
//     still finds no file free waits without using up a try
//     (rules.MaxShortages). rateLimits (ratelimits.go)
//     the request and byte pacing, folderScans (folderscan.go) what
//     each folder held when first looked at in the batch (forgotten once no
//     item is downloading or waiting to), and whether this run made a
//     temporary file there since (a folder with none needs no look for
//     one under each name claimed); each behind its own lock, taken last.
//
// # Files on disk
//
// A download is written to a temporary file next to its final name, synced,
// then linked into place without replacing a file that appeared meanwhile
// (unless the policy is Overwrite); the folder is synced after the link, so
// a saved file survives a power cut. The journal (see [Journal]) records
// that a temporary file belongs to an item before the file is created, so a
// crash never leaves an orphan. Small files of known length are received
// in memory and, on Linux, written into a file without a name that gets
// its final name only once synced (smallsave.go): no temporary name, no
// journal line before it, the same guarantee.
//
// Each temporary file also carries a note of its own, in an extended
// attribute: the link it belongs to (never its password, see
// linksecrets.go) and the version of the file (ETag and Last-Modified) its
// bytes are from. A small file saved without a temporary name carries the
// same note in compact form, the sums of those words (notesum.go), which
// fits inside the file's inode instead of taking a disk block of its own.
// So when the journal is lost
// (deleted, damaged, or haul get -state off), the next run of the same
// link recognises the file as Haul's: it asks only for the rest, with
// If-Range, and a partial answer of the same version continues the file;
// another version, or a server that ignores Range, writes it again from
// byte 0. A file without the note, or with another link's, is neither
// used nor removed: the item takes the next free name. Where the file
// system keeps no extended attributes, no note is kept.
package downloader
