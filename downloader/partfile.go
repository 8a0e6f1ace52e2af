package downloader

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"haul/downloader/transfer"
)

// partFile is what a download writes into: an *os.File, or a fake in tests.
type partFile = transfer.PartFile

// openPartFunc opens the .part file; offset 0 truncates, otherwise appends.
// exclusive refuses to reuse a file this item does not own.
type openPartFunc func(path string, offset int64, exclusive bool) (partFile, error)

// openPartOS never writes through a symbolic link, into anything but a
// regular file, or into a file with another name besides (a hard link, whose
// other name would then hold the download): such a path counts as taken
// (fs.ErrExist), and the item chooses another name. The file is checked
// once open and only then cut, so nothing is truncated before it is known
// to be Haul's own.
func openPartOS(path string, offset int64, exclusive bool) (partFile, error) {
	flags := os.O_WRONLY | os.O_CREATE | noFollow
	switch {
	case exclusive:
		flags |= os.O_EXCL
	case offset > 0:
		flags |= os.O_APPEND
	}
	return openChecked(path, flags, offset)
}

// openChecked opens path with flags, checks that it is Haul's own (see
// openPartOS) and only then cuts it to size (-1: as it is).
func openChecked(path string, flags int, size int64) (partFile, error) {
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("open %s: not a regular file: %w", path, fs.ErrExist)
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if isLink(err) {
		return nil, fmt.Errorf("open %s: a link, not Haul's file: %w", path, fs.ErrExist)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := refuseNotOwn(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if size >= 0 {
		if err := f.Truncate(size); err != nil {
			f.Close()
			return nil, fmt.Errorf("resume %s: %w", path, err)
		}
	}
	return f, nil
}

// openOwnPart opens an existing part file for syncing and saving as it
// is, refusing one that is not Haul's own (see refuseNotOwn).
func openOwnPart(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|noFollow, 0)
	if isLink(err) {
		return nil, fmt.Errorf("open %s: a link, not Haul's file: %w", path, fs.ErrExist)
	}
	if err != nil {
		return nil, err
	}
	if err := refuseNotOwn(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return f, nil
}

// refuseNotOwn says whether the open file f may be written as a part
// file: a regular file with no other name. Anything else is an error
// wrapping fs.ErrExist.
func refuseNotOwn(f *os.File) error {
	fi, err := f.Stat()
	switch {
	case err != nil || !fi.Mode().IsRegular():
		return fmt.Errorf("not a regular file: %w", fs.ErrExist)
	case otherNames(f, fi):
		return fmt.Errorf("a file with another name besides, not Haul's own: %w", fs.ErrExist)
	}
	return nil
}

// removePartName takes the temporary name off a file saved under its
// final name; tests make it fail.
var removePartName = os.Remove

// commitFile moves a complete part file to its final name. Unless overwrite
// is set it never replaces an existing file: it hard-links (which fails when
// the name is taken) and falls back to a checked rename on file systems
// without links. It returns an error wrapping fs.ErrExist when the name is taken.
// Once linked, the file is saved: a temporary name that cannot be removed
// (on Windows, while another program reads the file) stays as a second
// name of the saved file, which the next start removes (see restoreSavedLocked).
func commitFile(part, final string, overwrite bool) error {
	if overwrite {
		if err := os.Rename(part, final); err != nil {
			return fmt.Errorf("save %s: %w", final, err)
		}
		return nil
	}
	err := os.Link(part, final)
	switch {
	case err == nil:
		removePartName(part)
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("save %s: %w", final, fs.ErrExist)
	}
	if _, statErr := os.Lstat(final); statErr == nil {
		return fmt.Errorf("save %s: %w", final, fs.ErrExist)
	}
	if err := os.Rename(part, final); err != nil {
		return fmt.Errorf("save %s: %w", final, err)
	}
	return nil
}

func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
