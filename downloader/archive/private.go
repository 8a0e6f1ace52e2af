package archive

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// UnreadableError says an archive file is there but cannot be read: it is
// damaged, is no archive, or is not the user's to read. Nothing it may
// hold is to be downloaded again until it is repaired or set aside.
type UnreadableError struct {
	// Path is the archive's file.
	Path string
	Err  error
}

// Error says which archive, and SQLite's words for why.
func (e *UnreadableError) Error() string {
	return fmt.Sprintf("the download archive %s cannot be read: %v", e.Path, e.Err)
}

// Unwrap is the cause.
func (e *UnreadableError) Unwrap() error { return e.Err }

// ArchivePath is the archive's file, for the words that say where it is.
func (e *UnreadableError) ArchivePath() string { return e.Path }

// walFiles are the files SQLite keeps beside a database in write-ahead-log
// mode; it makes them with the database's permissions.
var walFiles = []string{"-wal", "-shm"}

// privateFile makes path an archive file only the user can read: a new,
// empty file made 0600 (in a folder made 0700 when missing), or the file
// there already with its write-ahead log made 0600. It says whether a file
// with contents was there, which is then an archive to be read, not a new
// one.
func privateFile(path string) (held bool, err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return false, err
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err == nil {
		return false, f.Close()
	}
	if !errors.Is(err, fs.ErrExist) {
		return false, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return true, err
	}
	for _, p := range append([]string{path}, withSuffixes(path)...) {
		if err := keepPrivate(p); err != nil {
			return true, err
		}
	}
	return fi.Size() > 0 || hasLog(path), nil
}

// withSuffixes are the names of the write-ahead log beside path.
func withSuffixes(path string) []string {
	out := make([]string, len(walFiles))
	for i, s := range walFiles {
		out[i] = path + s
	}
	return out
}

// hasLog says a write-ahead log with contents lies beside path.
func hasLog(path string) bool {
	fi, err := os.Stat(path + walFiles[0])
	return err == nil && fi.Size() > 0
}

// keepPrivate takes away what others may do with the regular file p, as
// an earlier Haul left it readable by all; a file that is not there is
// left so.
func keepPrivate(p string) error {
	fi, err := os.Lstat(p)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !fi.Mode().IsRegular() || fi.Mode().Perm()&0o077 == 0:
		return nil
	}
	return os.Chmod(p, fi.Mode().Perm()&0o700)
}
