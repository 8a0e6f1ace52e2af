package rules

import (
	"errors"
	"io/fs"
	"syscall"

	"haul/downloader/itemstate"
)

// diskVerdict explains a failure to write into the output folder. Running
// out of open files is the system's limit, not the folder's fault: it is
// worth another try and stops nothing else.
func diskVerdict(err error, dir string) Verdict {
	if errors.Is(err, syscall.EMFILE) || errors.Is(err, syscall.ENFILE) {
		return networkVerdict(err, "")
	}
	e := &itemstate.ItemError{Kind: itemstate.ErrDisk, Reason: itemstate.ReasonDisk, Folder: dir, Detail: rootCause(err), Err: err}
	switch {
	case errors.Is(err, syscall.ENOSPC):
		e.Reason, e.Detail = itemstate.ReasonDiskFull, ""
	case errors.Is(err, fs.ErrPermission), errors.Is(err, syscall.EROFS):
		e.Reason, e.Detail = itemstate.ReasonNoPermission, ""
	}
	return Verdict{Err: e}
}

// rootCause is the innermost error's text, e.g. "no such file or directory".
func rootCause(err error) string {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err.Error()
		}
		err = next
	}
}
