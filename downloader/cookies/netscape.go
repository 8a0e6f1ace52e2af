package cookies

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// httpOnlyPrefix marks HttpOnly cookies in cookies.txt, on a line that
// would otherwise be a comment.
const httpOnlyPrefix = "#HttpOnly_"

// ReadNetscape reads cookies in the Netscape cookies.txt format: one cookie
// a line, seven fields separated by tabs (domain, include subdomains, path,
// secure, expiry in Unix seconds, name, value). Comments and blank lines are
// skipped. A line that is not a cookie is an error naming the line, never
// its contents.
func ReadNetscape(r io.Reader) ([]Cookie, error) {
	var out []Cookie
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if n == 1 {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		c, ok, err := parseNetscapeLine(line)
		if err != nil {
			return nil, &Error{Kind: BadFile, Line: n, Err: err}
		}
		if ok {
			out = append(out, c)
		}
	}
	if err := sc.Err(); err != nil {
		var e *Error
		if errors.As(err, &e) {
			return nil, e
		}
		return nil, &Error{Kind: BadFile, Err: err}
	}
	return out, nil
}

// ReadFile reads a cookies.txt file: a regular file of at most
// MaxFileSize bytes, never a device or a named pipe.
func ReadFile(path string) ([]Cookie, error) {
	f, err := openBounded(path, MaxFileSize)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	cs, err := ReadNetscape(newBoundedReader(f, MaxFileSize))
	if e, ok := err.(*Error); ok {
		e.Path = path
	}
	return cs, err
}

// parseNetscapeLine reads one line; ok is false for comments and blank lines.
func parseNetscapeLine(line string) (Cookie, bool, error) {
	httpOnly := strings.HasPrefix(line, httpOnlyPrefix)
	line = strings.TrimPrefix(line, httpOnlyPrefix)
	if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
		return Cookie{}, false, nil
	}
	f := strings.Split(line, "\t")
	if len(f) == 6 {
		f = append(f, "") // a cookie with an empty value
	}
	if len(f) != 7 {
		return Cookie{}, false, fmt.Errorf("want 7 fields separated by tabs, found %d", len(f))
	}
	expiry, err := strconv.ParseInt(strings.TrimSpace(f[4]), 10, 64)
	if err != nil {
		return Cookie{}, false, fmt.Errorf("the expiry %q is not a number of seconds", f[4])
	}
	host, hostOnly := splitDomain(f[0])
	c := Cookie{Host: host, HostOnly: hostOnly && !strings.EqualFold(f[1], "TRUE"), Path: f[2],
		Secure: strings.EqualFold(f[3], "TRUE"), HTTPOnly: httpOnly, Name: f[5], Value: f[6]}
	if expiry > 0 {
		c.Expires = time.Unix(expiry, 0)
	}
	return c, true, nil
}
