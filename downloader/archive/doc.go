// Package archive is Haul's download archive: a SQLite database that
// remembers every file saved into an output folder, by its link (in the
// canonical form the engine gives it) and, for a picture, by the sha256 of
// its bytes, with the page it was found on and when it was saved. A link or
// a picture the archive knows is skipped as saved before, even when its
// file has since been deleted or moved, so pictures the user threw away do
// not come back; Forget takes links out again.
//
// An [Archive] is one database file. [Folders] keeps one archive per output
// folder (in Haul's config folder, named after the output folder), opened
// the first time the folder is asked about; [One] puts every folder's
// files in a single archive, as haul get -archive FILE does. Both answer the engine's questions through
// the same three methods, which take the folder first.
//
// The database runs in write-ahead-log mode, so the window and haul get may
// use one archive at the same time; a look-up is one primary-key read.
// The package never imports the engine.
package archive
