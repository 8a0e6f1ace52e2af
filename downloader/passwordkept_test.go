package downloader

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRestoredLinkWithoutItsPassword: a link that came with a password
// and was restored from the saved queue without it (passwords are kept in
// memory only) fails, when the site asks for the password, saying the
// password was not kept, at once; given again with its password, it is
// saved.
func TestRestoredLinkWithoutItsPassword(t *testing.T) {
	picture := pngOf(t, 8, 8, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if user, pw, ok := r.BasicAuth(); !ok || user != "ann" || pw != "PW" {
			w.Header().Set("WWW-Authenticate", `Basic realm="photos"`)
			http.Error(w, "Unauthorized", http.StatusUnauthorized)
			return
		}
		w.Write(picture)
	}))
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	tests := []struct {
		name   string
		link   string // the link as restored, or as given again
		given  bool
		want   State
		reason Reason
	}{
		{"restored without its password", "http://ann@" + host + "/x.png", false, Failed, ReasonPasswordNotKept},
		{"given again with it", "http://ann:PW@" + host + "/x.png", true, Done, ""},
		{"no user name at all", "http://" + host + "/x.png", false, Failed, ReasonHTTP},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			m := New(testOptions(dir))
			var ids []ID
			if tc.given {
				ids = addAll(t, m, tc.link)
			} else {
				ids = m.Saved().Restore([]Record{{URL: tc.link, Dir: dir, State: "queued"}})
			}
			runAll(t, m)
			it := mustItem(t, m, ids[0])
			if it.State != tc.want {
				t.Fatalf("%v (%v), want %v", it.State, it.Err, tc.want)
			}
			if tc.want == Failed && (it.Err == nil || it.Err.Reason != tc.reason || it.Err.Status != http.StatusUnauthorized) {
				t.Errorf("error %+v, want %q for a 401", it.Err, tc.reason)
			}
			if tc.reason == ReasonPasswordNotKept && it.Attempts != 1 {
				t.Errorf("%d tries, want 1: another cannot mend a password not kept", it.Attempts)
			}
		})
	}
}
