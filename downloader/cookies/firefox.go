package cookies

import "time"

// readFirefox reads Firefox's cookies.sqlite.
func readFirefox(path string) ([]Cookie, error) {
	db, done, err := openCopy(path)
	if err != nil {
		return nil, err
	}
	defer done()
	rows, err := db.Query(`SELECT host, path, isSecure, isHttpOnly, expiry, name, value FROM moz_cookies`)
	if err != nil {
		return nil, &Error{Kind: Unreadable, Path: path, Err: err}
	}
	defer rows.Close()
	var out []Cookie
	for rows.Next() {
		var host, cpath, name, value string
		var secure, httpOnly bool
		var expiry int64
		if err := rows.Scan(&host, &cpath, &secure, &httpOnly, &expiry, &name, &value); err != nil {
			return nil, &Error{Kind: Unreadable, Path: path, Err: err}
		}
		h, hostOnly := splitDomain(host)
		out = append(out, Cookie{Host: h, HostOnly: hostOnly, Path: cpath, Secure: secure, HTTPOnly: httpOnly,
			Expires: firefoxExpiry(expiry), Name: name, Value: value})
	}
	if err := rows.Err(); err != nil {
		return nil, &Error{Kind: Unreadable, Path: path, Err: err}
	}
	return out, nil
}

// firefoxExpiry reads moz_cookies.expiry: Unix seconds, or milliseconds in
// newer versions of Firefox.
func firefoxExpiry(v int64) time.Time {
	switch {
	case v <= 0:
		return time.Time{}
	case v > 1e11:
		return time.UnixMilli(v)
	}
	return time.Unix(v, 0)
}
