package i18n

import (
	"errors"

	"haul/downloader"
)

// ArchiveProblem says that the download archive of folder dir cannot be
// read (err names its file, through an ArchivePath method), so nothing is
// saved into the folder until it is repaired or set aside; the words are
// those of a download that failed for it.
func ArchiveProblem(t Translator, dir string, err error) string {
	e := &downloader.ItemError{Kind: downloader.ErrDisk, Reason: downloader.ReasonArchiveUnreadable, Folder: dir}
	var file interface{ ArchivePath() string }
	if errors.As(err, &file) {
		e.Detail = file.ArchivePath()
	}
	return Failure(t, e)
}
