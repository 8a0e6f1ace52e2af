// Package rendertest serves pages that draw their pictures with
// JavaScript, for tests of rendered page reading.
package rendertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The scroll site is an infinite-scroll gallery: its page shows the first
// batch of pictures, and a script fetches the next batch as JSON whenever
// the reader scrolls near the end, as Instagram, Pinterest and endless
// galleries do.
const (
	// Batches is how many batches of pictures the gallery has.
	Batches = 10
	// BatchSize is the pictures in a batch: four rows of four, a little
	// more than one screen.
	BatchSize = 16
	// Pictures is how many pictures the whole gallery has.
	Pictures = Batches * BatchSize
)

// ScrollSite serves the gallery at /gallery, the batches at /api/pictures,
// and picture N at /img/NNN.png. When Cookie or Referer is set, batches
// after the first are only served to requests carrying that session cookie
// and Referer.
type ScrollSite struct {
	Cookie, Referer string
	// Gap is the height, in pixels, of an empty area between the pictures
	// and the end of the page, where the next batch is asked for.
	Gap int
	// Scripted draws the first batch with the page's script too, so the
	// page's markup holds no picture at all.
	Scripted bool
}

// Start serves the site on loopback until the test ends.
func (s *ScrollSite) Start(t testing.TB) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/gallery", s.gallery)
	mux.HandleFunc("/api/pictures", s.batch)
	mux.HandleFunc("/img/", s.picture)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// PictureURL is the address of picture n (from 1) on the site at base.
func PictureURL(base string, n int) string {
	return fmt.Sprintf("%s/img/%03d.png", base, n)
}

// PictureBytes is the content of picture n, a 64×64 PNG.
func PictureBytes(n int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 4), uint8(n), 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

func (s *ScrollSite) gallery(w http.ResponseWriter, r *http.Request) {
	var imgs strings.Builder
	for i := 1; !s.Scripted && i <= BatchSize; i++ {
		fmt.Fprintf(&imgs, `<img src="/img/%03d.png" alt="Picture %d">`, i, i)
	}
	first := ""
	if s.Scripted {
		first = `for (let i = 1; i <= 16; i++) {
  const img = document.createElement('img');
  img.src = '/im' + 'g/' + String(i).padStart(3, '0') + '.png';
  document.getElementById('grid').appendChild(img);
}`
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, `<!DOCTYPE html><html><head><title>Endless gallery</title>
<style>body{margin:0;width:1240px} img{display:inline-block;width:300px;height:300px;margin:0}</style></head>
<body><div id="grid">%s</div><div style="height:%dpx"></div>
<script>
let next = 2, loading = false;
async function more() {
  if (loading || next === null) return;
  loading = true;
  const r = await fetch('/api/pictures?page=' + next);
  const data = await r.json();
  for (const p of data.pictures) {
    const img = document.createElement('img');
    img.src = p.url; img.alt = p.title;
    document.getElementById('grid').appendChild(img);
  }
  next = data.next; loading = false;
}
%s
window.addEventListener('scroll', () => {
  if (window.innerHeight + window.scrollY >= document.body.scrollHeight - 400) more();
});
</script></body></html>`, imgs.String(), s.Gap, first)
}

// batchReply is one batch of pictures as the site's API sends it.
type batchReply struct {
	Pictures []struct {
		URL   string `json:"url"`
		Title string `json:"title"`
	} `json:"pictures"`
	Next *int `json:"next"`
}

func (s *ScrollSite) batch(w http.ResponseWriter, r *http.Request) {
	page, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || page < 2 || page > Batches {
		http.NotFound(w, r)
		return
	}
	var reply batchReply
	if s.allowed(r) {
		for i := (page-1)*BatchSize + 1; i <= page*BatchSize; i++ {
			reply.Pictures = append(reply.Pictures, struct {
				URL   string `json:"url"`
				Title string `json:"title"`
			}{fmt.Sprintf("/img/%03d.png", i), fmt.Sprintf("Picture %d", i)})
		}
		if page < Batches {
			n := page + 1
			reply.Next = &n
		}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(reply)
}

// allowed reports whether a request carries what the site wants.
func (s *ScrollSite) allowed(r *http.Request) bool {
	if s.Cookie != "" {
		c, err := r.Cookie("session")
		if err != nil || c.Value != s.Cookie {
			return false
		}
	}
	return s.Referer == "" || r.Referer() == s.Referer
}

func (s *ScrollSite) picture(w http.ResponseWriter, r *http.Request) {
	n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/img/"), ".png"))
	if err != nil || n < 1 || n > Pictures {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "image/png")
	http.ServeContent(w, r, "picture.png", time.Time{}, bytes.NewReader(PictureBytes(n)))
}
