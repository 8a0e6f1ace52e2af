package downloadtest

import (
	"io"
	"net/http"
	"testing"
)

// noRedirectClient is a plain client that returns redirects instead of
// following them.
var noRedirectClient = &http.Client{
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// fetch sends method to url with headers and reads the whole body, returning
// the body read before any read error.
func fetch(t *testing.T, client *http.Client, method, url string, headers map[string]string) (*http.Response, []byte, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, url, nil)
	if err != nil {
		t.Fatalf("build request: %v", err)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	body, readErr := io.ReadAll(resp.Body)
	return resp, body, readErr
}

// newServer starts a server that is closed when the test ends.
func newServer(t *testing.T) *Server {
	t.Helper()
	s := New()
	t.Cleanup(s.Close)
	return s
}
