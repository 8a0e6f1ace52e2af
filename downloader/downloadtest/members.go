package downloadtest

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/png"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// MembersDomain is the made-up domain of the members-only test site: its
// gallery is on MembersDomain and its pictures on img.MembersDomain.
const MembersDomain = "gallery.test"

// Cookie names the members-only site uses.
const (
	// SessionCookie is the session the user's browser holds (from cookies.txt).
	SessionCookie = "session"
	// PassCookie is the cookie the gallery page sets for its pictures.
	PassCookie = "gallery_pass"
	// LeakCookie is a cookie of another site; the members site refuses any
	// request that carries it, since a cookie must only go to its own domain.
	LeakCookie = "other_site"
)

// Members is a members-only picture site on made-up host names, served on
// loopback. Its gallery page needs the session cookie and sets a pass
// cookie; each full-size picture needs the session, the pass and the
// gallery's site as Referer, and is refused to a request carrying a cookie of
// another domain. Without the session the site redirects to its sign-in
// page. Connect to it with Dial, which maps every *.test name to the server.
type Members struct {
	srv *httptest.Server
	// Session is the value of the session cookie the site accepts.
	Session string
	// Pictures are the full-size pictures by file name (PNG).
	Pictures map[string][]byte
	// Thumbs are the small pictures the gallery shows, by the same names.
	Thumbs map[string][]byte
	pass   string

	// forbid answers a request without the session with 403 (see Forbid).
	forbid atomic.Bool

	mu       sync.Mutex
	held     held
	refusals map[string]int
	hosts    map[string]int
	paths    map[string]int
}

// NewMembers starts a members-only site with n pictures on 127.0.0.1.
func NewMembers(n int) *Members {
	m := &Members{Session: "s3ss10n-" + fmt.Sprint(time.Now().UnixNano()), pass: "p4ss",
		Pictures: map[string][]byte{}, Thumbs: map[string][]byte{}, refusals: map[string]int{}, hosts: map[string]int{}, paths: map[string]int{}}
	for i := range n {
		name := fmt.Sprintf("photo%02d.png", i+1)
		m.Pictures[name] = pngOf(64+i, 48, byte(i))
		m.Thumbs[name] = pngOf(16, 12, byte(i))
	}
	m.srv = httptest.NewUnstartedServer(http.HandlerFunc(m.serve))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(fmt.Sprintf("downloadtest: listen on 127.0.0.1: %v", err))
	}
	_ = m.srv.Listener.Close()
	m.srv.Listener = l
	m.srv.Start()
	return m
}

// pngOf encodes a w×h picture whose pixels depend on seed.
func pngOf(w, h int, seed byte) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i)*3 + seed
	}
	var b bytes.Buffer
	_ = png.Encode(&b, img) // encoding to memory does not fail
	return b.Bytes()
}

// Forbid makes the site answer a request without the session with 403,
// as many picture hosts do, instead of sending it to the sign-in page.
func (m *Members) Forbid() { m.forbid.Store(true) }

// BrowserCookiesTxt is a cookies.txt of what a browser signed in to the
// site holds after showing the gallery: the session and the gallery's pass.
func (m *Members) BrowserCookiesTxt() string {
	exp := time.Now().Add(24 * time.Hour).Unix()
	return fmt.Sprintf("# Netscape HTTP Cookie File\n.%s\tTRUE\t/\tFALSE\t%d\t%s\t%s\n.%s\tTRUE\t/\tFALSE\t%d\t%s\t%s\n",
		MembersDomain, exp, SessionCookie, m.Session, MembersDomain, exp, PassCookie, m.pass)
}

// held holds the full-size pictures other than a few (see HoldPictures).
type held struct {
	except []string
	gate   chan struct{}
}

// HoldPictures makes every full-size picture but the ones named in except
// wait until release is called (or the client goes away), so that a test
// finds the batch under way however fast or slow the machine is. Requests
// the site refuses are answered at once.
func (m *Members) HoldPictures(except ...string) (release func()) {
	gate := make(chan struct{})
	m.mu.Lock()
	m.held = held{except: except, gate: gate}
	m.mu.Unlock()
	return sync.OnceFunc(func() { close(gate) })
}

// waitHeld waits while the picture asked for is held; it reports false
// when the client went away meanwhile.
func (m *Members) waitHeld(r *http.Request) bool {
	m.mu.Lock()
	gate := m.held.gate
	if slices.Contains(m.held.except, path.Base(r.URL.Path)) {
		gate = nil
	}
	m.mu.Unlock()
	if gate == nil {
		return true
	}
	select {
	case <-gate:
		return true
	case <-r.Context().Done():
		return false
	}
}

// Close stops the site.
func (m *Members) Close() { m.srv.Close() }

// Port is the server's port on loopback.
func (m *Members) Port() string {
	_, port, _ := net.SplitHostPort(m.srv.Listener.Addr().String())
	return port
}

// Addr is the server's address (127.0.0.1:port), for proxies to forward to.
func (m *Members) Addr() string { return m.srv.Listener.Addr().String() }

// URL returns the address of path on host (a name under .test).
func (m *Members) URL(host, path string) string {
	return "http://" + net.JoinHostPort(host, m.Port()) + path
}

// GalleryURL is the address of the gallery page.
func (m *Members) GalleryURL() string { return m.URL(MembersDomain, "/gallery") }

// Dial connects every *.test host name to the site; other addresses (such
// as a proxy on 127.0.0.1) are dialled as they are.
func (m *Members) Dial(ctx context.Context, network, addr string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(addr)
	if err == nil && strings.HasSuffix(host, ".test") {
		addr = net.JoinHostPort("127.0.0.1", port)
	}
	var d net.Dialer
	return d.DialContext(ctx, network, addr)
}

// CookiesTxt is a cookies.txt holding the session for domain, plus a
// cookie of another site that must never reach this one.
func (m *Members) CookiesTxt(domain string) string {
	exp := time.Now().Add(24 * time.Hour).Unix()
	return fmt.Sprintf("# Netscape HTTP Cookie File\n.%s\tTRUE\t/\tFALSE\t%d\t%s\t%s\n.other.test\tTRUE\t/\tFALSE\t%d\t%s\tleak\n",
		domain, exp, SessionCookie, m.Session, exp, LeakCookie)
}

// Refusals counts the requests refused, by reason: "no-session",
// "no-pass", "referer", "foreign-cookie".
func (m *Members) Refusals() map[string]int {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]int, len(m.refusals))
	for k, v := range m.refusals {
		out[k] = v
	}
	return out
}

// Hosts counts requests by the Host they were sent to.
func (m *Members) Hosts() map[string]int {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[string]int, len(m.hosts))
	for k, v := range m.hosts {
		out[k] = v
	}
	return out
}

// Hits counts the requests for path, on any host.
func (m *Members) Hits(path string) int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.paths[path]
}

func (m *Members) count(counts map[string]int, key string) {
	m.mu.Lock()
	counts[key]++
	m.mu.Unlock()
}

func (m *Members) serve(w http.ResponseWriter, r *http.Request) {
	host, _, _ := net.SplitHostPort(r.Host)
	m.count(m.hosts, host)
	m.count(m.paths, r.URL.Path)
	switch {
	case r.URL.Path == "/login":
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html><body><h1>Sign in</h1><form method="post" action="/login">
<input name="user"><input type="password" name="password"><button>Sign in</button></form></body></html>`)
	case host == MembersDomain && r.URL.Path == "/gallery":
		m.serveGallery(w, r)
	case host == "img."+MembersDomain && strings.HasPrefix(r.URL.Path, "/full/"):
		m.servePicture(w, r, m.Pictures, strings.TrimPrefix(r.URL.Path, "/full/"), true)
	case host == "img."+MembersDomain && strings.HasPrefix(r.URL.Path, "/thumb/"):
		m.servePicture(w, r, m.Thumbs, strings.TrimPrefix(r.URL.Path, "/thumb/"), false)
	default:
		http.NotFound(w, r)
	}
}

// refuse answers a request that lacks what the site wants.
func (m *Members) refuse(w http.ResponseWriter, r *http.Request, why string) {
	m.count(m.refusals, why)
	switch {
	case why == "no-session" && !m.forbid.Load():
		http.Redirect(w, r, m.URL(MembersDomain, "/login?next="+url.QueryEscape(r.URL.Path)), http.StatusFound)
	default:
		http.Error(w, "Forbidden", http.StatusForbidden)
	}
}

// check says what the request lacks, or "" when it may have the page.
func (m *Members) check(r *http.Request, picture bool) string {
	if _, err := r.Cookie(LeakCookie); err == nil {
		return "foreign-cookie"
	}
	if c, err := r.Cookie(SessionCookie); err != nil || c.Value != m.Session {
		return "no-session"
	}
	if !picture {
		return ""
	}
	if c, err := r.Cookie(PassCookie); err != nil || c.Value != m.pass {
		return "no-pass"
	}
	if !fromGallery(r.Referer(), m.GalleryURL()) {
		return "referer"
	}
	return ""
}

func (m *Members) serveGallery(w http.ResponseWriter, r *http.Request) {
	if why := m.check(r, false); why != "" {
		m.refuse(w, r, why)
		return
	}
	http.SetCookie(w, &http.Cookie{Name: PassCookie, Value: m.pass, Domain: MembersDomain, Path: "/"})
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	var b strings.Builder
	b.WriteString("<!doctype html><html><body><h1>Members' gallery</h1>\n")
	for name := range m.Pictures {
		fmt.Fprintf(&b, "<a href=\"%s\"><img src=\"%s\"></a>\n", m.URL("img."+MembersDomain, "/full/"+name), m.URL("img."+MembersDomain, "/thumb/"+name))
	}
	b.WriteString("</body></html>")
	fmt.Fprint(w, b.String())
}

// servePicture answers a request for a picture of set; a full-size one
// the site lets through may be held first (see HoldPictures).
func (m *Members) servePicture(w http.ResponseWriter, r *http.Request, set map[string][]byte, name string, full bool) {
	body, ok := set[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	if why := m.check(r, true); why != "" {
		m.refuse(w, r, why)
		return
	}
	if full && !m.waitHeld(r) {
		return
	}
	w.Header().Set("Content-Type", "image/png")
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(body))
}

// fromGallery says whether referer names the gallery's site, as a picture
// host's hotlink check reads it: browsers send another host the page's
// origin alone.
func fromGallery(referer, gallery string) bool {
	r, err := url.Parse(referer)
	g, gerr := url.Parse(gallery)
	return err == nil && gerr == nil && r.Scheme == g.Scheme && r.Host == g.Host
}
