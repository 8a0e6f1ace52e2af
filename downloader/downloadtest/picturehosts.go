package downloadtest

import (
	"context"
	"fmt"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"path"
	"slices"
	"strings"
	"sync"
)

// Thumbnail is one link of the picture hosts: a small version a page
// shows, the file a download of it must end as, and why.
type Thumbnail struct {
	// Link is the small version's address, on a real picture host's name
	// (plain http).
	Link string
	// Want are the bytes the saved file must hold: the original's, or the
	// small version's own where there is no bigger one to take.
	Want []byte
	// Original says Want is the original, not the small version.
	Original bool
	// Kind says what the case tries: "original", "control" (no bigger
	// version) or "trap" (a candidate that must not be taken).
	Kind string
}

// hostFile is one file of the picture hosts and what its request needs.
type hostFile struct {
	body []byte
	// referer, when set, is a prefix the Referer must have, or 403.
	referer string
	// query, when set, must be part of the request's query, or 403.
	query string
	// page answers an HTML page with 200 instead of the file.
	page bool
	// redirect sends the request to another address.
	redirect string
	// html serves body as a web page.
	html bool
}

// PictureHosts serves the pictures of many real picture hosts' names
// (sinaimg.cn, pximg.net, twimg.com, pinimg.com, WordPress blogs, Blogger,
// hdslb.com, Chinese object storage, zhimg.com, doubanio.com, redd.it,
// imgur.com, tumblr.com, xhscdn.com, imgix.net, discordapp) from one
// loopback server, each small version with its original at the address
// the host really gives it, behind what the host really asks for (its
// Referer, its signed query), plus controls without a bigger version and
// traps: a candidate answering a web page with 200, one refusing without
// the right Referer, one answering a smaller picture. Reach it with Dial,
// or as an http proxy at URL.
type PictureHosts struct {
	srv   *httptest.Server
	files map[string]hostFile // "host/path?query" → file
	// Thumbnails are the small versions, in a fixed order.
	Thumbnails []Thumbnail

	mu    sync.Mutex
	asked map[string]int // "host/path?query" → requests
}

// pictureHostFiles are the picture hosts' files and small versions,
// drawn once for every test of the process: drawing them takes seconds.
var pictureHostFiles = sync.OnceValues(func() (map[string]hostFile, []Thumbnail) {
	h := &PictureHosts{files: map[string]hostFile{}}
	for i, c := range pictureHostCases() {
		h.add(int64(i+1), c)
	}
	return h.files, h.Thumbnails
})

// PicturesPage is the address of a page of the picture hosts that shows
// every small version, each in a figure with its caption, as a blog or a
// feed shows them.
const PicturesPage = "http://photos.example.org/album.html"

// NewPictureHosts starts the picture hosts on 127.0.0.1.
func NewPictureHosts() *PictureHosts {
	files, thumbs := pictureHostFiles()
	h := &PictureHosts{files: maps.Clone(files), Thumbnails: slices.Clone(thumbs), asked: map[string]int{}}
	h.files[strings.TrimPrefix(PicturesPage, "http://")] = hostFile{body: picturesPage(thumbs), html: true}
	h.srv = httptest.NewServer(http.HandlerFunc(h.serve))
	return h
}

// Close stops the server.
func (h *PictureHosts) Close() { h.srv.Close() }

// URL is the server's address, to use as an http proxy.
func (h *PictureHosts) URL() string { return h.srv.URL }

// Dial connects every host name to the server.
func (h *PictureHosts) Dial(ctx context.Context, network, _ string) (net.Conn, error) {
	var d net.Dialer
	return d.DialContext(ctx, network, h.srv.Listener.Addr().String())
}

// Serve serves body at address ("host/path", without "http://"), such
// as another small version of a picture. Call it before any request.
func (h *PictureHosts) Serve(address string, body []byte) {
	h.files[address] = hostFile{body: body}
}

// Asked is how many requests the file at address ("host/path?query",
// without "http://") got.
func (h *PictureHosts) Asked(address string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.asked[address]
}

// Requests is how many requests all files got, the small versions' and
// the candidates' alike.
func (h *PictureHosts) Requests() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, c := range h.asked {
		n += c
	}
	return n
}

func (h *PictureHosts) serve(w http.ResponseWriter, r *http.Request) {
	key := strings.ToLower(r.Host) + r.URL.Path
	if r.URL.RawQuery != "" {
		key += "?" + r.URL.RawQuery
	}
	h.mu.Lock()
	h.asked[key]++
	h.mu.Unlock()
	f, ok := h.files[key]
	if !ok {
		f, ok = h.files[strings.ToLower(r.Host)+r.URL.Path] // files that take any query
		if ok && f.query != "" && !strings.Contains(r.URL.RawQuery, f.query) {
			http.Error(w, "the signature is missing", http.StatusForbidden)
			return
		}
	}
	switch {
	case !ok:
		http.NotFound(w, r)
	case f.referer != "" && !strings.HasPrefix(r.Referer(), f.referer):
		http.Error(w, "hotlinking is not allowed", http.StatusForbidden)
	case f.redirect != "":
		http.Redirect(w, r, f.redirect, http.StatusFound)
	case f.html:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(f.body)
	case f.page:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<!doctype html><html><head><title>Sign in to see this</title></head><body><form><input type=password></form></body></html>")
	default:
		w.Header().Set("Content-Type", "image/"+strings.TrimPrefix(path.Ext(r.URL.Path), "."))
		w.Write(f.body)
	}
}

// hostCase is one small version and the files around it.
type hostCase struct {
	kind  string
	thumb string // its address, without "http://"
	small [2]int
	// original is where the original is, its size, and what it needs;
	// "" for a control without one.
	original string
	big      [2]int
	need     hostFile
	// extra are the other files: traps and candidates that fail.
	extra map[string]hostFile
}

// add serves one case's files and notes its thumbnail.
func (h *PictureHosts) add(seed int64, c hostCase) {
	thumb := PictureSized(pictureName(c.thumb), c.small[0], c.small[1], seed)
	h.files[c.thumb] = hostFile{body: thumb}
	t := Thumbnail{Link: "http://" + c.thumb, Want: thumb, Kind: c.kind}
	if c.original != "" {
		f := c.need
		f.body = PictureSized(pictureName(c.original), c.big[0], c.big[1], seed+1000)
		key := c.original
		if f.query != "" {
			key, _, _ = strings.Cut(key, "?")
		}
		h.files[key] = f
		t.Want, t.Original = f.body, true
	}
	for k, f := range c.extra {
		if f.body == nil && !f.page && f.redirect == "" {
			f.body = PictureSized(pictureName(k), c.small[0]/2, c.small[1]/2, seed+2000)
		}
		h.files[k] = f
	}
	h.Thumbnails = append(h.Thumbnails, t)
}

// pictureName is the file name a format is judged by: the path's, or
// the format query's.
func pictureName(address string) string {
	p, query, _ := strings.Cut(address, "?")
	for _, part := range strings.Split(query, "&") {
		if f, ok := strings.CutPrefix(part, "format="); ok {
			return "x." + f
		}
	}
	return path.Base(p)
}

// picturesPage is an album page that shows thumbs.
func picturesPage(thumbs []Thumbnail) []byte {
	var b strings.Builder
	b.WriteString("<!doctype html><html><head><title>Holiday album</title></head><body><main><article><h1>Holiday album</h1>\n")
	for i, th := range thumbs {
		fmt.Fprintf(&b, "<figure><img src=%q alt=\"Photo %d\"><figcaption>Photo %d of our holiday, taken on the way.</figcaption></figure>\n", th.Link, i+1, i+1)
	}
	b.WriteString("</article></main></body></html>\n")
	return []byte(b.String())
}
