package network

import (
	"bufio"
	"haul/downloader/itemstate"
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

// SignInError is the failure of a site that sent its sign-in page.
func SignInError(status int) *itemstate.ItemError {
	return &itemstate.ItemError{Kind: itemstate.ErrHTTP, Reason: itemstate.ReasonSignIn, Status: status}
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

// NotImageError is the failure of text sent where a picture was expected:
// a sign-in form, or a redirect to a sign-in address, means the site wants
// the user to sign in.
func NotImageError(head []byte, link *url.URL, resp *http.Response) *itemstate.ItemError {
	final := resp.Request.URL
	if passwordField.Match(head) || final.String() != link.String() && isSignInPath(final) {
		return SignInError(resp.StatusCode)
	}
	return &itemstate.ItemError{Kind: itemstate.ErrNotImage, Reason: itemstate.ReasonNotImage, Status: resp.StatusCode}
}

// SignInPage says a web page answered for the link asked is a sign-in form
// the link was sent to, not the page the user meant.
func SignInPage(asked *url.URL, resp *http.Response, head []byte) bool {
	page := resp.Request.URL
	return isSignInPath(page) && (page.String() != asked.String() || passwordField.Match(head))
}
