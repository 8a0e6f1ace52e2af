package cookies

import (
	"database/sql"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite" // pure-Go SQLite driver, so no C compiler is needed
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
		return nil, nil, &Error{Kind: Unreadable, Path: path, Err: err}
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(path + suffix); err == nil {
			_ = copyFile(path+suffix, dst+suffix) // without the log, the older cookies still read
		}
	}
	db, err := sql.Open("sqlite", (&url.URL{Scheme: "file", Path: dst, RawQuery: "mode=ro"}).String())
	if err != nil {
		cleanup()
		return nil, nil, &Error{Kind: Unreadable, Path: path, Err: err}
	}
	return db, func() { db.Close(); cleanup() }, nil
}

// copyFile copies src to a new owner-only file dst.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copy %s: %w", src, err)
	}
	return out.Close()
}
