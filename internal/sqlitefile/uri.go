// Package sqlitefile names a database file for the SQLite driver: as a
// "file:" URI that holds any path, relative or absolute, with any
// character in it, on every system.
package sqlitefile

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

// URI is the "file:" URI of the database at path, with query (the
// driver's and SQLite's parameters). A relative path is taken from the
// working folder; a Windows path such as C:\x\a.sqlite becomes
// file:///C:/x/a.sqlite, the form SQLite reads on Windows.
func URI(path string, query url.Values) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("find the database %s: %w", path, err)
	}
	return fromSlashed(filepath.ToSlash(abs), query), nil
}

// fromSlashed is the URI of an absolute path written with forward
// slashes. The path always starts with a slash, so that nothing of it is
// read as the URI's authority (a host), and characters a URI gives a
// meaning to (?, #, %, spaces) are escaped.
func fromSlashed(abs string, query url.Values) string {
	if !strings.HasPrefix(abs, "/") {
		abs = "/" + abs
	}
	return (&url.URL{Scheme: "file", Path: abs, RawQuery: query.Encode()}).String()
}
