package render

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
	scrollBatches   = 10
	scrollBatchSize = 16 // four rows of four: a little more than one screen
)

// scrollSite serves the gallery at /gallery, the batches at /api/pictures,
// and a picture at /img/NNN.png. With wantCookie set, the gallery's batches
// are only served to a request carrying that cookie and Referer.
type scrollSite struct {
	wantCookie, wantReferer string
}

func (s scrollSite) start(t *testing.T) *httptest.Server {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/gallery", s.gallery)
	mux.HandleFunc("/api/pictures", s.batch)
	mux.HandleFunc("/img/", s.picture)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

func (s scrollSite) gallery(w http.ResponseWriter, r *http.Request) {
	var imgs strings.Builder
	for i := 1; i <= scrollBatchSize; i++ {
		fmt.Fprintf(&imgs, `<img src="/img/%03d.png" alt="Picture %d">`, i, i)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, `<!DOCTYPE html><html><head><title>Endless gallery</title>
<style>body{margin:0;width:1240px} img{display:inline-block;width:300px;height:300px;margin:0}</style></head>
<body><div id="grid">%s</div>
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
window.addEventListener('scroll', () => {
  if (window.innerHeight + window.scrollY >= document.body.scrollHeight - 400) more();
});
</script></body></html>`, imgs.String())
}

// batchReply is one batch of pictures as the site's API sends it.
type batchReply struct {
	Pictures []struct {
		URL   string `json:"url"`
		Title string `json:"title"`
	} `json:"pictures"`
	Next *int `json:"next"`
}

func (s scrollSite) batch(w http.ResponseWriter, r *http.Request) {
	page, err := strconv.Atoi(r.URL.Query().Get("page"))
	if err != nil || page < 2 || page > scrollBatches {
		http.NotFound(w, r)
		return
	}
	var reply batchReply
	if s.allowed(r) {
		for i := (page-1)*scrollBatchSize + 1; i <= page*scrollBatchSize; i++ {
			reply.Pictures = append(reply.Pictures, struct {
				URL   string `json:"url"`
				Title string `json:"title"`
			}{fmt.Sprintf("/img/%03d.png", i), fmt.Sprintf("Picture %d", i)})
		}
		if page < scrollBatches {
			n := page + 1
			reply.Next = &n
		}
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(reply)
}

// allowed reports whether a request carries what the site wants.
func (s scrollSite) allowed(r *http.Request) bool {
	if s.wantCookie != "" {
		c, err := r.Cookie("session")
		if err != nil || c.Value != s.wantCookie {
			return false
		}
	}
	return s.wantReferer == "" || r.Referer() == s.wantReferer
}

func (s scrollSite) picture(w http.ResponseWriter, r *http.Request) {
	n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/img/"), ".png"))
	img := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for y := range 64 {
		for x := range 64 {
			img.Set(x, y, color.RGBA{uint8(x * 4), uint8(y * 4), uint8(n), 255})
		}
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	w.Header().Set("Content-Type", "image/png")
	http.ServeContent(w, r, "picture.png", time.Time{}, bytes.NewReader(b.Bytes()))
}
