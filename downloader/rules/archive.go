package rules

import (
	"errors"

	"haul/downloader/itemstate"
)

// ArchiveVerdict is the failure of an item whose output folder's download
// archive could not be read when asked whether the link or the picture was
// saved there before (err). Another try cannot mend it, and downloading
// could bring back a file the user deleted: the item fails until the
// archive is repaired or set aside. The error names the archive's file
// when it has an ArchivePath method.
func ArchiveVerdict(err error, dir string) Verdict {
	e := &itemstate.ItemError{Kind: itemstate.ErrDisk, Reason: itemstate.ReasonArchiveUnreadable, Folder: dir, Err: err}
	var file interface{ ArchivePath() string }
	if errors.As(err, &file) {
		e.Detail = file.ArchivePath()
	}
	return Verdict{Err: e}
}
