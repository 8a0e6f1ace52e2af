package cookies

import (
	"database/sql"
	"time"
)

// chromeEpochMicros is 1601-01-01, where Chromium's expiry times count
// from, in microseconds before the Unix epoch.
const chromeEpochMicros = 11644473600 * 1_000_000

// hashPrefixVersion is the database version from which decrypted values
// start with the SHA-256 of the cookie's host.
const hashPrefixVersion = 24

// chromiumQuery reads every cookie of a Chromium-family store; like
// firefoxQuery, it reads a NULL column as the empty value.
const chromiumQuery = `SELECT CAST(COALESCE(host_key, '') AS TEXT), CAST(COALESCE(path, '/') AS TEXT),
	COALESCE(is_secure, 0) != 0, COALESCE(is_httponly, 0) != 0, CAST(COALESCE(expires_utc, 0) AS INTEGER),
	CAST(COALESCE(name, '') AS TEXT), CAST(COALESCE(value, '') AS TEXT), COALESCE(encrypted_value, X'') FROM cookies`

// readChromium reads a Chromium-family Cookies database, decrypting values
// with keys from keyring; a row with no site is passed over.
func readChromium(path string, b browser, keyring keyringFunc) ([]Cookie, error) {
	db, done, err := openCopy(path)
	if err != nil {
		return nil, err
	}
	defer done()
	version := chromiumVersion(db)
	rows, err := db.Query(chromiumQuery)
	if err != nil {
		return nil, &Error{Kind: Unreadable, Path: path, Err: err}
	}
	defer rows.Close()
	dec := &decrypter{app: b.keyringApp, keyring: keyring, hashPrefix: version >= hashPrefixVersion}
	var out []Cookie
	for rows.Next() {
		var host, cpath, name, value string
		var secure, httpOnly bool
		var expires int64
		var encrypted []byte
		if err := rows.Scan(&host, &cpath, &secure, &httpOnly, &expires, &name, &value, &encrypted); err != nil {
			return nil, &Error{Kind: Unreadable, Path: path, Err: err}
		}
		if host == "" {
			continue
		}
		if len(encrypted) > 0 {
			if value, err = dec.decrypt(encrypted); err != nil {
				return nil, &Error{Kind: Locked, Browser: b.name, Path: path, Err: err}
			}
		}
		h, hostOnly := splitDomain(host)
		c := Cookie{Host: h, HostOnly: hostOnly, Path: cpath, Secure: secure, HTTPOnly: httpOnly, Name: name, Value: value}
		if expires > 0 {
			c.Expires = time.UnixMicro(expires - chromeEpochMicros)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, &Error{Kind: Unreadable, Path: path, Err: err}
	}
	return out, nil
}

// chromiumVersion reads the database's version from its meta table, 0 when absent.
func chromiumVersion(db *sql.DB) int {
	var v int
	if err := db.QueryRow(`SELECT value FROM meta WHERE key = 'version'`).Scan(&v); err != nil {
		return 0
	}
	return v
}
