package cookies

import "time"

// firefoxQuery reads every cookie of moz_cookies. A column left empty
// (NULL) or of an unexpected type in one row is read as the empty value
// ("", 0, false: a session cookie), so one odd row never makes the whole
// store unreadable.
const firefoxQuery = `SELECT CAST(COALESCE(host, '') AS TEXT), CAST(COALESCE(path, '/') AS TEXT),
	COALESCE(isSecure, 0) != 0, COALESCE(isHttpOnly, 0) != 0, CAST(COALESCE(expiry, 0) AS INTEGER),
	CAST(COALESCE(name, '') AS TEXT), CAST(COALESCE(value, '') AS TEXT) FROM moz_cookies`

// readFirefox reads Firefox's cookies.sqlite. A row with no site is no
// cookie any site can be sent, and is passed over.
func readFirefox(path string) ([]Cookie, error) {
	db, done, err := openCopy(path)
	if err != nil {
		return nil, err
	}
	defer done()
	rows, err := db.Query(firefoxQuery)
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
		if host == "" {
			continue
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
