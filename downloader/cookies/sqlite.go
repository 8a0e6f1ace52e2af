package cookies

import (
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // pure-Go SQLite driver, so no C compiler is needed

	"haul/internal/sqlitefile"
)

// openCopy copies a browser's database (with its write-ahead log, which
// holds the newest cookies) into a private temporary folder and opens the
// copy read-only; the browser keeps its own file locked. The returned
// function closes the database and removes the copy.
func openCopy(path string) (*sql.DB, func(), error) {
	dir, err := os.MkdirTemp("", "haul-cookies-")
	if err != nil {
		return nil, nil, &Error{Kind: Unreadable, Path: path, Err: err}
	}
	cleanup := func() { os.RemoveAll(dir) }
	dst := filepath.Join(dir, "cookies.db")
	if err := copyFile(path, dst); err != nil {
		cleanup()
		return nil, nil, err
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(path + suffix); err == nil {
			if err := copyFile(path+suffix, dst+suffix); err != nil {
				os.Remove(dst + suffix) // without the log, the older cookies still read
			}
		}
	}
	dsn, err := sqlitefile.URI(dst, url.Values{"mode": {"ro"}})
	if err != nil {
		cleanup()
		return nil, nil, &Error{Kind: Unreadable, Path: path, Err: err}
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		cleanup()
		return nil, nil, &Error{Kind: Unreadable, Path: path, Err: err}
	}
	return db, func() { db.Close(); cleanup() }, nil
}

// copyFile copies src, a regular file of at most MaxDatabaseSize bytes, to
// a new owner-only file dst.
func copyFile(src, dst string) error {
	in, err := openBounded(src, MaxDatabaseSize)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return &Error{Kind: Unreadable, Path: src, Err: err}
	}
	_, err = io.Copy(out, newBoundedReader(in, MaxDatabaseSize))
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	var e *Error
	if err != nil && !errors.As(err, &e) {
		return &Error{Kind: Unreadable, Path: src, Err: fmt.Errorf("copy %s: %w", src, err)}
	}
	return err
}
