// Package archive is Haul's download archive: a SQLite database that
// remembers every file saved into an output folder, by its link (in the
// canonical form the engine gives it) and, for a picture, by the sha256 of
// its bytes, with the page it was found on and when it was saved. A link or
// a picture the archive knows is skipped as saved before, even when its
// file has since been deleted or moved, so pictures the user threw away do
// not come back; Forget takes links out again.
//
// An [Archive] is one database file, at any path (relative ones too; see
// package sqlitefile), made 0600 with its log, as the saved queue is.
// [Folders] keeps one archive per output folder (in Haul's config folder,
// named after the output folder), opened when the folder is asked about,
// at most [MaxOpen] of them open at once; [One] puts every folder's files
// in a single archive, as haul get -archive FILE does. Both answer the
// engine's questions through the same three methods, which take the
// folder first.
//
// An archive file that is there but cannot be read is never taken for an
// empty one: its look-ups answer an [UnreadableError], and the engine
// fails the item rather than bring back a file the user deleted, until
// the archive is repaired or set aside.
//
// The database runs in write-ahead-log mode, so the window and haul get may
// use one archive at the same time; a look-up is one primary-key read.
// The package never imports the engine.
package archive
