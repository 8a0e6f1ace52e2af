// Package downloader is Haul's download engine: a list of links, the
// tries that fetch them into their folders, and the rules that decide what
// happens after each try. It is parts, each a package of its own (see
// "Parts and their locks"), which the [Manager] wires together. It never
// imports a GUI toolkit; the window and haul get read [Manager.Snapshot]
// and turn failures into words.
//
// # The life of an item
//
// Every item is in one [State]. The moves between states are one table
// (items/transitions.go); a move that is not in it is refused. Queued, Active,
// Waiting and Paused are on the way; Done, Failed, Skipped and Canceled are
// final, but Failed and Canceled can be tried again, and so can Done and
// Skipped items whose link was taken out of the download archive
// (Controls.Forgotten).
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
// is cleared. Every way in (Add, an intake's links, pages and pictures,
// the pictures of a link that turned out to be a page) meets the cap when
// it adds, and a link past it comes back Rejected as links.ReasonListFull, for the
// caller to count (ListFull) and tell of once.
//
// # One try, one way
//
// A try is a value with ports (package try): try.New is given the item's
// job (copied under the list's lock when the item started) and the small
// interfaces it needs of the parts; try.Run tells the whole of one try,
// top to bottom, and returns how it ended. It goes one way:
//
//  1. The dispatcher takes a download slot (package sites), and the list
//     picks the next item, round-robin over the sites of the intakes whose
//     run is on, moves it to Active and copies its job: the link, the
//     temporary file it owns, the version and size the file was started
//     with, the limits in force (items.Store.Pick). A temporary file an
//     earlier run left for the link is adopted, and a link the folder's
//     archive holds is skipped.
//  2. The transfer (package transfer) opens the try: the request, with
//     Range and If-Range when resuming; the answer checked; the first
//     bytes read to know what the file is. It returns the accepted answer,
//     or how the try ended. When the answer is the small version of a
//     picture that a rule of package originals knows a bigger version of
//     (a thumbnail's address on Weibo, Pixiv, WordPress…), the try asks
//     for the rule's candidates in turn and goes on with the first that
//     answers a picture at least as large; otherwise with the link's own
//     answer, held open meanwhile. The try makes its plan of the answer: it
//     claims the file name (package names) and opens the temporary file
//     (package disk), or stops the try (a web page to read for pictures,
//     text where a picture was expected, a file to skip). The transfer
//     then carries the plan out: the body streamed into that file, its
//     length verified. It never calls into the engine.
//  3. The try turns the transfer's result into its outcome: a complete
//     file is synced, checked for duplicates and moved into place; a
//     failure becomes a verdict (a kind of failure, and whether another try
//     may mend it), which rules.Classify alone gives.
//  4. The try ends: its slot goes back to its site, which learns what the
//     try brought (package throttle), and rules.Decide turns the outcome
//     and the item's history (how many tries counted, how far the file got
//     before) into one step: done, retry after a wait, resume now, restart
//     from byte 0, or fail with a reason. A temporary file the step gives
//     up is removed here, with no lock held.
//  5. The list applies the step through the state table and records the
//     item in the journal (items.Store.Apply); a site the try showed down
//     fails its waiting links.
//
// The words the engine shares with its faces (states, failures, notes) are
// package itemstate's, the saved record and the Journal package record's,
// and the list's package items'; the engine names them too (aliases.go,
// generated), so its callers need one import.
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
// # A site that wants a sign-in
//
// A 401 or 403 that says nothing of slowing down (no Retry-After, no sign
// the site's rule or common words give) is no throttling when no wait can
// mend it (try/signin.go), and fails at once, telling the site's limits
// nothing: for a link asked from its page or with cookies, as
// ReasonSignInNeeded; for any link, with its status, while its site has
// given nothing since Haul started (package sites, Site.Served). The
// cookies the browser extension hands over are kept in memory only; an
// item whose page came with them remembers so (record.Record.SignedIn),
// and after a restart a refusal of it without them fails as
// ReasonSignInLost. When the browser sends a page of the same site again,
// Controls.SignedIn tries those items again with its cookies. Every such
// failure offers a sign-in (ItemError.NeedsSignIn).
//
// # Parts and their locks
//
// The engine is parts, each a package that owns its state and its lock;
// none imports this package (make test checks it). The Manager only wires
// them together and coordinates the runs; Manager.mu guards only that
// coordination: the dispatcher under way and the ones stopped whose tries
// have not ended yet (every Stop waits for them all), the intakes' runs
// under way. Whether the list's run is on, and the limits in force, are atomics.
// The locks are taken in this order, never the other way: Manager.mu, the
// list's, then the names', the sites' and the journal's; the disk's and the
// way to the sites' are taken alone.
//
//   - The list (package items, Store.mu) holds the items and their fields,
//     each intake's lines of queued items per site, the state table every
//     move goes through, the change feed SnapshotSince reads, the totals
//     Summary reads, the pictures saved (found again by their sha256) and
//     the passwords links came with. Its Controls are the user's commands
//     (pause, resume, cancel, retry, clear; the schedule's hold and
//     release; links forgotten by the archive or found again on a page),
//     its Edit the hand editing of the list, and a Tried the item's side of
//     one try. Restoring looks at the folders with no lock held, a batch of
//     saved records at a time, and takes the lock only to make their items.
//   - An intake is one way links come in. The list's own takes what is
//     added by hand, pasted, read from files, picked on pages and handed
//     over by the browser; a watched page's check has one of its own, into
//     its folder, with a run of its own (NewIntake, RunIntake): its items
//     start even when the list's run is stopped. There is one engine per
//     process, so every intake shares the limits, each site's pace and
//     files a day, At once and the archive.
//   - The sites (package sites) own the download slots (At once; fewer when
//     the process may hold few files open, see package openfiles), each
//     site's slots in use, what Haul learned of its limits (throttle.Book),
//     the connections at once it takes for a file fetched in parts, and
//     whether it is down. The limits learned are kept for a day in
//     Options.LearnedLimits, read by New and written when a run stops.
//   - The names (package names) own the file names items hold in each
//     folder, where numbering goes on from, what each folder held when
//     first looked at in a batch, and the files the saved queue says are
//     other links'. A claim looks at the folder with no lock held, and
//     looks at no name in a folder that held nothing and where no name was
//     given back.
//   - The journal (package journal) writes the changes down: its order lock
//     keeps flushes in order, its mu the changes waiting to be written and
//     the last failure.
//   - The disk (package disk) owns createMu, which lets one name be made
//     or removed at a time, the bound on the files synced at once, and the
//     group sync, which shares the disk syncs behind its own mutex. It
//     remembers the folders it made, so a file saved costs no look at its
//     folder.
//   - The way to the sites (package network) owns the client, the cookies
//     (those a browser handed over kept per page site), the proxy and the
//     site rules (swapped whole, as atomics), the request and byte pacing,
//     and the kept responses, behind their own mutex.
//   - A try (package try) is one item's try, run by one goroutine; it holds
//     no lock and reaches the parts only through its ports.
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
// its final name only once synced (try/small.go): no temporary name, no
// journal line before it, the same guarantee.
//
// Each temporary file also carries a note of its own, in an extended
// attribute: the link it belongs to (never its password, see
// items/secrets.go) and the version of the file (ETag and Last-Modified) its
// bytes are from. A small file saved without a temporary name carries the
// same note in compact form, the sums of those words (disk/tag.go), which
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
