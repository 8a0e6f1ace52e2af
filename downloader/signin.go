package downloader

import (
	"bufio"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// passwordField finds a password box in a web page.
var passwordField = regexp.MustCompile(`(?i)<input[^>]*\btype\s*=\s*["']?password\b`)

// signInWords are path words of sign-in pages.
var signInWords = []string{"login", "log-in", "log_in", "signin", "sign-in", "sign_in", "logon", "auth"}

// isSignInPath says whether an address looks like a sign-in page.
func isSignInPath(u *url.URL) bool {
	p := strings.ToLower(u.Path)
	for _, w := range signInWords {
		if strings.Contains(p, w) {
			return true
		}
	}
	return false
}

// signInError is the failure of a site that sent its sign-in page.
func signInError(status int) *ItemError {
	return &ItemError{Kind: ErrHTTP, Reason: ReasonSignIn, Status: status}
}

// signInHead is how much of a web page is searched for a sign-in form.
const signInHead = 64 << 10

// pageSignIn checks a web page answered for the page at asked: a page
// with a password box that was reached by a redirect or is a sign-in
// address means the site wants the user to sign in. It returns the body
// to read on, unchanged.
func pageSignIn(asked string, resp *http.Response) (io.ReadCloser, bool) {
	br := bufio.NewReaderSize(resp.Body, signInHead)
	head, _ := br.Peek(signInHead) // a shorter page is all there
	body := struct {
		io.Reader
		io.Closer
	}{br, resp.Body}
	final := resp.Request.URL
	moved := final.String() != asked
	return body, passwordField.Match(head) && (moved || isSignInPath(final))
}

// notImageError is the failure of text sent where a picture was expected:
// a sign-in form, or a redirect to a sign-in address, means the site wants
// the user to sign in.
func notImageError(head []byte, link *url.URL, resp *http.Response) *ItemError {
	final := resp.Request.URL
	if passwordField.Match(head) || final.String() != link.String() && isSignInPath(final) {
		return signInError(resp.StatusCode)
	}
	return &ItemError{Kind: ErrNotImage, Reason: ReasonNotImage, Status: resp.StatusCode}
}
