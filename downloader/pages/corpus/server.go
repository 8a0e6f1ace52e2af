package corpus

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"
)

// Server serves the corpus on loopback as a forward HTTP proxy: a request
// for any page's or picture's address, through it, gets that page or a
// picture of the listed size in the format its address names.
type Server struct {
	srv      *httptest.Server
	pages    map[string][]byte
	pictures map[string]Copy

	mu    sync.Mutex
	drawn map[string][]byte
	asked map[string]int
	// served are the addresses of the pictures drawn, by their bytes.
	served map[string]string
	// home is the host of requests made to the server itself rather than
	// through it, when they name none (see Direct).
	home string
}

// NewServer starts serving pages on 127.0.0.1.
func NewServer(pages []Page) *Server {
	s := &Server{pages: map[string][]byte{}, pictures: map[string]Copy{}, drawn: map[string][]byte{}, asked: map[string]int{},
		served: map[string]string{}}
	for _, p := range pages {
		s.pages[key(p.URL)] = p.HTML
		for _, pic := range p.Pictures {
			for _, c := range pic.Copies {
				s.pictures[key(c.URL)] = c
			}
		}
	}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(fmt.Sprintf("corpus: listen on 127.0.0.1: %v", err))
	}
	_ = s.srv.Listener.Close()
	s.srv.Listener = l
	s.srv.Start()
	return s
}

// ProxyURL is the proxy's address, such as http://127.0.0.1:port.
func (s *Server) ProxyURL() string { return s.srv.URL }

// Close stops the server.
func (s *Server) Close() { s.srv.Close() }

// Asked counts the requests for each picture address listed, by Haul or
// anyone else.
func (s *Server) Asked(u string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.asked[key(u)]
}

// Direct is the address of u at the server itself, for a client that
// cannot be given the proxy: http://host/path is served at
// /h/host/path, and a path without a host is taken to be home's.
func (s *Server) Direct(u, home string) string {
	s.mu.Lock()
	s.home = home
	s.mu.Unlock()
	return s.srv.URL + "/h/" + strings.TrimPrefix(u, "http://")
}

// direct is the address a request made to the server itself stands for.
func (s *Server) direct(requestURI string) string {
	if rest, ok := strings.CutPrefix(requestURI, "/h/"); ok {
		return "http://" + rest
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return "http://" + s.home + requestURI
}

// Which is the address of the picture whose bytes body is, "" when the
// server drew no such picture: what a file saved from it came from.
func (s *Server) Which(body []byte) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.served[string(body)]
}

// key is an address as the server looks it up: host in lower case, path
// unescaped, and the query as written.
func key(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	p, err := url.PathUnescape(u.EscapedPath())
	if err != nil {
		p = u.Path
	}
	return strings.ToLower(u.Host) + p + "?" + u.RawQuery
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodConnect {
		http.Error(w, "the corpus is served over plain HTTP", http.StatusMethodNotAllowed)
		return
	}
	addr := r.RequestURI
	if !strings.HasPrefix(addr, "http://") {
		addr = s.direct(r.RequestURI)
	}
	k := key(addr)
	if html, ok := s.pages[k]; ok {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(html)
		return
	}
	c, ok := s.pictures[k]
	if !ok {
		http.NotFound(w, r)
		return
	}
	s.mu.Lock()
	s.asked[k]++
	body, drawn := s.drawn[k]
	s.mu.Unlock()
	typ := formatOf(c.URL)
	if !drawn {
		body = draw(c, typ)
		s.mu.Lock()
		s.drawn[k] = body
		s.served[string(body)] = c.URL
		s.mu.Unlock()
	}
	w.Header().Set("Content-Type", "image/"+typ)
	http.ServeContent(w, r, "", zeroTime, bytes.NewReader(body))
}

// formatOf is the format an address names: by its extension, else by a
// format in its query (wx_fmt=png, fm=gif), else JPEG.
func formatOf(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "jpeg"
	}
	switch strings.ToLower(path.Ext(u.Path)) {
	case ".png", ".webp":
		return "png"
	case ".gif":
		return "gif"
	case ".svg":
		return "svg+xml"
	case ".jpg", ".jpeg":
		return "jpeg"
	}
	q := u.Query()
	for _, k := range []string{"wx_fmt", "fm", "format", "type"} {
		switch strings.ToLower(q.Get(k)) {
		case "png":
			return "png"
		case "gif":
			return "gif"
		}
	}
	return "jpeg"
}

// draw makes a picture of c's size in format typ, its shade and its first
// row of pixels taken from its address, so that no two are alike.
func draw(c Copy, typ string) []byte {
	h := fnv.New64a()
	h.Write([]byte(c.URL))
	seed := h.Sum64()
	if typ == "svg+xml" {
		return []byte(fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d"><rect width="100%%" height="100%%" fill="#%06x"/></svg>`,
			c.Width, c.Height, seed&0xffffff))
	}
	img := image.NewGray(image.Rect(0, 0, max(c.Width, 1), max(c.Height, 1)))
	shade := byte(seed)
	for i := range img.Pix {
		img.Pix[i] = shade
	}
	for x := 0; x < img.Rect.Dx() && x < 64; x++ {
		img.Pix[x] = byte(seed >> (x % 64))
	}
	var b bytes.Buffer
	switch typ {
	case "png":
		_ = png.Encode(&b, img)
	case "gif":
		pal := image.NewPaletted(img.Rect, []color.Color{color.Gray{Y: shade}, color.Gray{Y: ^shade}})
		_ = gif.Encode(&b, pal, nil)
	default:
		_ = jpeg.Encode(&b, img, &jpeg.Options{Quality: 50})
	}
	return b.Bytes()
}

// zeroTime leaves Last-Modified out of the answers.
var zeroTime time.Time
