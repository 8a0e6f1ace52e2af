package downloader

import (
	"path/filepath"

	"haul/downloader/naming"
)

// checkedNames is r with the names it holds checked as names from a server
// are, since a queue file can be edited by hand: a file name that naming
// would not give (a path, "..", a character Windows refuses, a temporary
// file's name) is dropped with the claim on its temporary file, and a
// page's folder that is not one folder name, or not the last folder of
// the record's folder, is dropped with that folder. The item then takes
// a name and a folder as a new one does, inside the output folder.
func checkedNames(r Record) Record {
	if r.Subdir != "" && (naming.FolderName(r.Subdir) != r.Subdir || r.Dir != "" && filepath.Base(r.Dir) != r.Subdir) {
		r.Subdir, r.Dir, r.Name, r.OwnsPart = "", "", "", false
	}
	if r.Name != "" && (naming.Sanitize(r.Name) != r.Name || notATempName(r.Name) != r.Name) {
		r.Name, r.OwnsPart = "", false
	}
	return r
}
