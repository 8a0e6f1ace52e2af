package cookies

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// makeDB creates a SQLite database at path with the statements run in order.
func makeDB(t *testing.T, path string, stmts ...string) *sql.DB {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return db
}

func TestFirefoxProfile(t *testing.T) {
	home := t.TempDir()
	expiry := time.Now().Add(24 * time.Hour).Truncate(time.Second)
	for _, profile := range []string{"abcd1234.default-release", "wxyz9876.work"} {
		db := makeDB(t, filepath.Join(home, ".mozilla/firefox", profile, "cookies.sqlite"),
			`CREATE TABLE moz_cookies (id INTEGER PRIMARY KEY, name TEXT, value TEXT, host TEXT, path TEXT,
				expiry INTEGER, isSecure INTEGER, isHttpOnly INTEGER)`)
		rows := []struct {
			name, value, host string
			expiry            int64
			secure            int
		}{
			{"sid", "from-" + profile, ".gallery.test", expiry.Unix(), 1},
			{"pref", "dark", "www.gallery.test", expiry.UnixMilli(), 0},
		}
		for _, r := range rows {
			if _, err := db.Exec(`INSERT INTO moz_cookies (name, value, host, path, expiry, isSecure, isHttpOnly) VALUES (?, ?, ?, '/', ?, ?, 1)`,
				r.name, r.value, r.host, r.expiry, r.secure); err != nil {
				t.Fatal(err)
			}
		}
	}
	got, err := FromBrowser(Source{Browser: "firefox", Profile: "work", Home: home})
	if err != nil {
		t.Fatal(err)
	}
	want := []Cookie{
		{Host: "gallery.test", Path: "/", Secure: true, HTTPOnly: true, Expires: expiry, Name: "sid", Value: "from-wxyz9876.work"},
		{Host: "www.gallery.test", HostOnly: true, Path: "/", HTTPOnly: true, Expires: expiry, Name: "pref", Value: "dark"},
	}
	if len(got) != len(want) {
		t.Fatalf("got %d cookies, want %d: %+v", len(got), len(want), got)
	}
	for i := range want {
		if !got[i].Expires.Equal(want[i].Expires) {
			t.Errorf("cookie %d expires %v, want %v", i, got[i].Expires, want[i].Expires)
		}
		got[i].Expires = want[i].Expires
		if got[i] != want[i] {
			t.Errorf("cookie %d = %+v, want %+v", i, got[i], want[i])
		}
	}
	if _, err := FromBrowser(Source{Browser: "firefox", Profile: "missing", Home: home}); !isKind(err, NoProfile) {
		t.Errorf("a missing profile gave %v, want NoProfile", err)
	}
}

// encrypt makes a Chromium Linux cookie value with password, as the browser does.
func encrypt(t *testing.T, version, password, host, value string, hashPrefix bool) []byte {
	t.Helper()
	plain := []byte(value)
	if hashPrefix {
		sum := sha256.Sum256([]byte(host))
		plain = append(sum[:], plain...)
	}
	pad := aes.BlockSize - len(plain)%aes.BlockSize
	plain = append(plain, bytes.Repeat([]byte{byte(pad)}, pad)...)
	block, err := aes.NewCipher(deriveKey(password))
	if err != nil {
		t.Fatal(err)
	}
	out := make([]byte, len(plain))
	cipher.NewCBCEncrypter(block, chromiumIV).CryptBlocks(out, plain)
	return append([]byte(version), out...)
}

// chromiumDB writes a Chromium Cookies database of the given version under home.
func chromiumDB(t *testing.T, path string, version int, rows [][]any) {
	t.Helper()
	db := makeDB(t, path,
		`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)`,
		`CREATE TABLE cookies (host_key TEXT, name TEXT, value TEXT, encrypted_value BLOB, path TEXT,
			expires_utc INTEGER, is_secure INTEGER, is_httponly INTEGER)`)
	if _, err := db.Exec(`INSERT INTO meta VALUES ('version', ?)`, version); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if _, err := db.Exec(`INSERT INTO cookies VALUES (?, ?, ?, ?, '/', ?, 1, 0)`, r...); err != nil {
			t.Fatal(err)
		}
	}
}

func TestChromiumDecryption(t *testing.T) {
	expiry := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	expires := expiry.UnixMicro() + chromeEpochMicros
	tests := []struct {
		name     string
		version  int
		keyring  keyringFunc
		password string // what the browser encrypted v11 values with
		wantErr  error
	}{
		{"v11 with the keyring's password", 24, fixedKeyring("s3cret"), "s3cret", nil},
		{"v11 with no keyring falls back to an empty password", 24, noKeyring, "", nil},
		{"older database without host hashes", 18, fixedKeyring("s3cret"), "s3cret", nil},
		{"keyring password not given", 24, noKeyring, "s3cret", errKeyring},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "Default", "Cookies")
			prefix := tt.version >= hashPrefixVersion
			chromiumDB(t, path, tt.version, [][]any{
				{".gallery.test", "sid", "", encrypt(t, "v11", tt.password, ".gallery.test", "session-1", prefix), expires},
				{"gallery.test", "old", "", encrypt(t, "v10", linuxPassword, "gallery.test", "peanut-value", prefix), expires},
				{"gallery.test", "plain", "as-is", []byte{}, int64(0)},
			})
			got, err := readChromium(path, browsers[1], tt.keyring)
			if tt.wantErr != nil {
				if !errors.Is(err, tt.wantErr) || !isKind(err, Locked) {
					t.Fatalf("err = %v, want Locked with %v", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			values := map[string]string{}
			for _, c := range got {
				values[c.Name] = c.Value
			}
			want := map[string]string{"sid": "session-1", "old": "peanut-value", "plain": "as-is"}
			for k, v := range want {
				if values[k] != v {
					t.Errorf("%s = %q, want %q", k, values[k], v)
				}
			}
			if !got[0].Expires.Equal(expiry) || got[0].HostOnly || !got[1].HostOnly || !got[2].Expires.IsZero() {
				t.Errorf("domains or expiry wrong: %+v", got)
			}
		})
	}
}

func TestChromiumProfileFromHome(t *testing.T) {
	home := t.TempDir()
	chromiumDB(t, filepath.Join(home, ".config/BraveSoftware/Brave-Browser/Profile 2/Network/Cookies"), 24, [][]any{
		{".gallery.test", "sid", "", encrypt(t, "v10", linuxPassword, ".gallery.test", "brave-session", true), int64(0)},
	})
	got, err := FromBrowser(Source{Browser: "brave", Profile: "Profile 2", Home: home})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Value != "brave-session" {
		t.Errorf("got %+v", got)
	}
}

func fixedKeyring(p string) keyringFunc {
	return func(string) (string, error) { return p, nil }
}

func noKeyring(string) (string, error) { return "", errors.New("no keyring") }

func isKind(err error, k Kind) bool {
	var e *Error
	return errors.As(err, &e) && e.Kind == k
}

// TestOneOddRowLeavesTheRestOfAStoreReadable: a cookie store with a NULL
// in some row (a value, a flag, an expiry, a site) still gives every
// cookie that can be sent, in Firefox and in Chromium-family browsers.
func TestOneOddRowLeavesTheRestOfAStoreReadable(t *testing.T) {
	home := t.TempDir()
	db := makeDB(t, filepath.Join(home, ".mozilla/firefox", "abcd1234.default-release", "cookies.sqlite"),
		`CREATE TABLE moz_cookies (id INTEGER PRIMARY KEY, name TEXT, value TEXT, host TEXT, path TEXT,
			expiry INTEGER, isSecure INTEGER, isHttpOnly INTEGER)`,
		`INSERT INTO moz_cookies (name, value, host, path, expiry, isSecure, isHttpOnly) VALUES
			('sid', 'good', '.gallery.test', '/', NULL, 1, 0),
			('empty', NULL, 'www.gallery.test', NULL, 0, NULL, NULL),
			('nosite', 'x', NULL, '/', 0, 0, 0),
			('typed', 42, 'gallery.test', '/', '1700000000', 'yes', 0)`)
	_ = db
	got, err := FromBrowser(Source{Browser: "firefox", Home: home})
	if err != nil {
		t.Fatalf("one odd row made the store unreadable: %v", err)
	}
	path := filepath.Join(t.TempDir(), "Default", "Cookies")
	chromiumDB(t, path, 24, [][]any{
		{".gallery.test", "sid", "plain", nil, nil},
		{nil, "nosite", "x", nil, int64(0)},
		{"gallery.test", "empty", nil, []byte{}, int64(0)},
	})
	chromium, err := readChromium(path, browsers[1], noKeyring)
	if err != nil || len(chromium) != 2 || chromium[0].Value != "plain" || chromium[1].Name != "empty" {
		t.Errorf("Chromium store with NULLs: %+v, %v", chromium, err)
	}
	want := []Cookie{
		{Host: "gallery.test", Path: "/", Secure: true, Name: "sid", Value: "good"},
		{Host: "www.gallery.test", HostOnly: true, Path: "/", Name: "empty"},
		{Host: "gallery.test", HostOnly: true, Path: "/", Secure: true, Name: "typed", Value: "42", Expires: time.Unix(1700000000, 0)},
	}
	if len(got) != len(want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
	for i := range want {
		if !got[i].Expires.Equal(want[i].Expires) {
			t.Errorf("cookie %d expires %v, want %v", i, got[i].Expires, want[i].Expires)
		}
		got[i].Expires = want[i].Expires
		if got[i] != want[i] {
			t.Errorf("cookie %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}
