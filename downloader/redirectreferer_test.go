package downloader

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
)

// TestRedirectToAnotherSiteSendsOnlyTheOrigin: a link whose address holds
// a token redirects to another site; that site is told only where the
// visitor came from (the origin), not the path and query, unless the user
// set the Referer to send.
func TestRedirectToAnotherSiteSendsOnlyTheOrigin(t *testing.T) {
	var mu sync.Mutex
	var got string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = r.Header.Get("Referer")
		mu.Unlock()
		w.Write([]byte("the file"))
	}))
	t.Cleanup(other.Close)
	first := httptest.NewServer(http.RedirectHandler(other.URL+"/file.bin", http.StatusFound))
	t.Cleanup(first.Close)
	tests := []struct{ name, referer, want string }{
		{"no Referer set", "", first.URL + "/"},
		{"the user's Referer", "https://example.com/page", "https://example.com/page"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := testOptions(t.TempDir())
			opts.Referer = tt.referer
			m := New(opts)
			ids := addAll(t, m, first.URL+"/get/file.bin?token=SECRET")
			runAll(t, m)
			if it := mustItem(t, m, ids[0]); it.State != Done {
				t.Fatalf("%v (%v), want Done", it.State, it.Err)
			}
			mu.Lock()
			defer mu.Unlock()
			if got != tt.want {
				t.Errorf("the other site was sent Referer %q, want %q", got, tt.want)
			}
		})
	}
}
