package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"hash/fnv"
	"net/url"
	"time"

	_ "modernc.org/sqlite" // pure-Go SQLite driver, so no C compiler is needed

	"haul/internal/sqlitefile"
)

// schema is the archive's tables. A link's row id is a 64-bit hash of the
// link (linkKey), so a look-up reads one b-tree of small integer keys,
// whose upper levels stay in the cache however many links it holds; the
// link itself is in the row and compared. The rare link whose hash another
// link's row holds already goes into the table clash instead. A picture is
// found by the first 8 bytes of its sha256 (pic) through a small index,
// and its whole hash compared.
const schema = `
CREATE TABLE IF NOT EXISTS saved (
	id   INTEGER PRIMARY KEY,
	link TEXT NOT NULL,
	pic  INTEGER,
	sum  TEXT NOT NULL DEFAULT '',
	page TEXT NOT NULL DEFAULT '',
	at   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS saved_pic ON saved(pic) WHERE pic IS NOT NULL;
CREATE TABLE IF NOT EXISTS clash (
	link TEXT PRIMARY KEY,
	pic  INTEGER,
	sum  TEXT NOT NULL DEFAULT '',
	page TEXT NOT NULL DEFAULT '',
	at   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS clash_pic ON clash(pic) WHERE pic IS NOT NULL;
`

// Archive is one archive file. Its methods are safe for concurrent use.
type Archive struct {
	path    string
	db      *sql.DB
	linkAt  *sql.Stmt // the link whose row id is a hash
	inClash *sql.Stmt
	picAt   *sql.Stmt
	add     *sql.Stmt
	addTo   *sql.Stmt // into clash
	forget  *sql.Stmt
	unclash *sql.Stmt
}

// Entry is one saved file as the archive keeps it.
type Entry struct {
	// Link is the link the file was saved from, in canonical form.
	Link string
	// Sum is the sha256 of a picture's bytes, in hex; "" for other files.
	Sum string
	// Page is the web page the link was found on, when there was one.
	Page string
	// At is when the file was saved.
	At time.Time
}

// Open opens the archive at path, creating it (and its folder) when it is
// missing. The file and its write-ahead log are the user's alone (0600),
// as the journals are: they list every link saved and the pages it came
// from. A file that is there but cannot be read as an archive (damaged,
// not an archive, not the user's) is an *UnreadableError; a missing file
// that cannot be made is another error.
func Open(path string) (*Archive, error) {
	held, err := privateFile(path)
	switch {
	case err != nil && held:
		return nil, &UnreadableError{Path: path, Err: err}
	case err != nil:
		return nil, fmt.Errorf("open archive %s: %w", path, err)
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "cache_size(-65536)")
	// Reading the file through a memory map spares each look-up a copy
	// of its pages out of the system's cache: a look-up of a link held
	// costs less than half the processor time.
	q.Add("_pragma", "mmap_size(1073741824)")
	dsn, err := sqlitefile.URI(path, q)
	if err != nil {
		return nil, fmt.Errorf("open archive %s: %w", path, err)
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open archive %s: %w", path, err)
	}
	a := &Archive{path: path, db: db}
	if err := a.prepare(); err != nil {
		db.Close()
		if held {
			return nil, &UnreadableError{Path: path, Err: err}
		}
		return nil, fmt.Errorf("open archive %s: %w", path, err)
	}
	return a, nil
}

// prepare makes the tables when they are missing and prepares the statements.
func (a *Archive) prepare() error {
	if _, err := a.db.Exec(schema); err != nil {
		return err
	}
	const set = `pic = excluded.pic, sum = excluded.sum, page = excluded.page, at = excluded.at`
	stmts := []struct {
		to  **sql.Stmt
		sql string
	}{
		{&a.linkAt, `SELECT link FROM saved WHERE id = ?`},
		{&a.inClash, `SELECT 1 FROM clash WHERE link = ?`},
		{&a.picAt, `SELECT 1 FROM saved WHERE pic = ?1 AND sum = ?2
			UNION ALL SELECT 1 FROM clash WHERE pic = ?1 AND sum = ?2 LIMIT 1`},
		{&a.add, `INSERT INTO saved(id, link, pic, sum, page, at) VALUES(?, ?, ?, ?, ?, ?)
			ON CONFLICT(id) DO UPDATE SET ` + set + ` WHERE link = excluded.link`},
		{&a.addTo, `INSERT INTO clash(link, pic, sum, page, at) VALUES(?, ?, ?, ?, ?)
			ON CONFLICT(link) DO UPDATE SET ` + set},
		{&a.forget, `DELETE FROM saved WHERE id = ? AND link = ?`},
		{&a.unclash, `DELETE FROM clash WHERE link = ?`},
	}
	for _, s := range stmts {
		st, err := a.db.Prepare(s.sql)
		if err != nil {
			return err
		}
		*s.to = st
	}
	return nil
}

// key is the 64-bit FNV-1a hash of s, the row id of a link and the
// look-up key of a picture.
func key(s string) int64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return int64(h.Sum64())
}

// picKey is a picture's look-up key; a file that is no picture has none.
func picKey(sum string) any {
	if sum == "" {
		return nil
	}
	return key(sum)
}

// Path is the archive's file.
func (a *Archive) Path() string { return a.path }

// Close closes the database.
func (a *Archive) Close() error { return a.db.Close() }

// HasLink says the link (in canonical form) was saved before. An archive
// that cannot be read says so (an *UnreadableError) rather than no: what it
// may hold must not be downloaded again.
func (a *Archive) HasLink(link string) (bool, error) {
	var held string
	switch err := a.linkAt.QueryRow(key(link)).Scan(&held); {
	case errors.Is(err, sql.ErrNoRows):
	case err != nil:
		return false, a.unreadable(err)
	case held == link:
		return true, nil
	}
	return a.found(a.inClash.QueryRow(link))
}

// HasPicture says a picture with this sha256 (hex) was saved before; an
// archive that cannot be read says so, as HasLink does.
func (a *Archive) HasPicture(sum string) (bool, error) {
	if sum == "" {
		return false, nil
	}
	return a.found(a.picAt.QueryRow(key(sum), sum))
}

// found says a look-up of one row found it, or why it could not look.
func (a *Archive) found(row *sql.Row) (bool, error) {
	var one int
	switch err := row.Scan(&one); {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	case err != nil:
		return false, a.unreadable(err)
	}
	return true, nil
}

// unreadable is the error of a look-up that failed.
func (a *Archive) unreadable(err error) error {
	return &UnreadableError{Path: a.path, Err: err}
}

// Add records a saved file; a link recorded before is recorded again with
// the new hash, page and time.
func (a *Archive) Add(e Entry) error {
	return a.addWith(a.add, a.addTo, e)
}

// addWith records e with the statements given (the archive's own, or a
// transaction's).
func (a *Archive) addWith(add, addTo *sql.Stmt, e Entry) error {
	r, err := add.Exec(key(e.Link), e.Link, picKey(e.Sum), e.Sum, e.Page, e.At.Unix())
	if err == nil {
		if n, _ := r.RowsAffected(); n == 0 { // the row id is another link's
			_, err = addTo.Exec(e.Link, picKey(e.Sum), e.Sum, e.Page, e.At.Unix())
		}
	}
	if err != nil {
		return fmt.Errorf("archive %s: record %s: %w", a.path, e.Link, err)
	}
	return nil
}

// AddAll records many saved files in one transaction.
func (a *Archive) AddAll(entries []Entry) error {
	tx, err := a.db.BeginTx(context.Background(), nil)
	if err != nil {
		return fmt.Errorf("archive %s: %w", a.path, err)
	}
	add, addTo := tx.Stmt(a.add), tx.Stmt(a.addTo)
	for _, e := range entries {
		if err := a.addWith(add, addTo, e); err != nil {
			tx.Rollback()
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("archive %s: %w", a.path, err)
	}
	return nil
}

// Forget takes links out of the archive, so they are downloaded again; it
// returns how many it held.
func (a *Archive) Forget(links ...string) (int, error) {
	n := 0
	var errs []error
	for _, link := range links {
		for _, del := range []func() (sql.Result, error){
			func() (sql.Result, error) { return a.forget.Exec(key(link), link) },
			func() (sql.Result, error) { return a.unclash.Exec(link) },
		} {
			r, err := del()
			if err != nil {
				errs = append(errs, err)
				continue
			}
			k, _ := r.RowsAffected()
			n += int(k)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return n, fmt.Errorf("archive %s: forget: %w", a.path, err)
	}
	return n, nil
}

// Lookup returns what the archive holds for a link.
func (a *Archive) Lookup(link string) (Entry, bool) {
	var e Entry
	var at int64
	err := a.db.QueryRow(`SELECT link, sum, page, at FROM saved WHERE id = ?1 AND link = ?2
		UNION ALL SELECT link, sum, page, at FROM clash WHERE link = ?2`, key(link), link).Scan(&e.Link, &e.Sum, &e.Page, &at)
	if err != nil {
		return Entry{}, false
	}
	e.At = time.Unix(at, 0)
	return e, true
}

// Count is how many links the archive holds.
func (a *Archive) Count() (int, error) {
	var n int
	if err := a.db.QueryRow(`SELECT (SELECT count(*) FROM saved) + (SELECT count(*) FROM clash)`).Scan(&n); err != nil {
		return 0, fmt.Errorf("archive %s: %w", a.path, err)
	}
	return n, nil
}

// Check reads the whole archive through (SQLite's quick_check) and says
// whether it is whole: nil, or an *UnreadableError that says what is
// damaged.
func (a *Archive) Check() error {
	var verdict string
	if err := a.db.QueryRow(`PRAGMA quick_check(1)`).Scan(&verdict); err != nil {
		return a.unreadable(err)
	}
	if verdict != "ok" {
		return a.unreadable(errors.New(verdict))
	}
	return nil
}
