package cli

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// pngSized makes a real w×h PNG whose pixels depend on seed.
func pngSized(t *testing.T, w, h int, seed byte) []byte {
	t.Helper()
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i := range img.Pix {
		img.Pix[i] = byte(i%251) ^ seed
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// blogPage is a blog post as a new user meets one: a logo and a banner in
// the header, the author's and two commenters' avatars, an ad in the
// sidebar, and the post's four pictures, none with its size written in
// the page.
const blogPage = `<!doctype html><html><head><title>Our week in the hills</title></head><body>
<header class="site-header"><a href="/"><img src="/static/logo.png" alt="Hill Notes"></a><img src="/static/banner.png"></header>
<div class="wrap"><main><article class="post">
<h1>Our week in the hills</h1>
<div class="byline"><img class="avatar" src="/avatar/ruth.png"> Ruth</div>
<div class="entry-content">
<p>We walked from village to village for a week, carrying everything on our backs, and slept in a different guesthouse every night. These are the pictures we liked best, with a few notes on the route for anyone who wants to follow it.</p>
<p><img src="/uploads/ridge.png" alt="The ridge at dawn"></p>
<p>The first two days were the hardest, with long climbs out of the valley, but the views from the ridge made up for every step, and the guesthouses fed us far more than we could eat.</p>
<p><img src="/uploads/lake.png" alt="The lake"></p>
<p>On the fourth day we rested by the lake, swam in water so cold it took our breath away, and watched the weather come over the pass in the afternoon.</p>
<figure><img src="/uploads/village.png"><figcaption>The last village before the pass</figcaption></figure>
<p>The way down took a day longer than we planned, because of the rain, and we were glad of every layer we had packed.</p>
<p><img src="/uploads/rain.png" alt="Rain on the pass"></p>
</div></article>
<section class="comments"><h2>Comments</h2>
<div class="comment"><img class="avatar" src="/avatar/tom.png"><p>Beautiful, we are going next spring.</p></div>
</section></main>
<aside class="sidebar"><div class="ad"><a href="http://ads.example.test/c"><img src="/static/ad-300x250.png"></a></div></aside></div>
</body></html>`

// blogServer serves blogPage and its pictures at their sizes, and returns
// the post's own pictures.
func blogServer(t *testing.T) (*downloadtest.Server, map[string][]byte) {
	s := newServer(t)
	s.Handle("/post", []byte(blogPage), downloadtest.Header("Content-Type", "text/html; charset=utf-8"))
	others := map[string][2]int{"/static/logo.png": {120, 40}, "/static/banner.png": {728, 90}, "/avatar/ruth.png": {48, 48},
		"/avatar/tom.png": {48, 48}, "/static/ad-300x250.png": {300, 250}}
	for p, size := range others {
		s.Handle(p, pngSized(t, size[0], size[1], byte(len(p))))
	}
	post := map[string][]byte{}
	for i, name := range []string{"ridge.png", "lake.png", "village.png", "rain.png"} {
		body := pngSized(t, 1200, 800, byte(i))
		s.Handle("/uploads/"+name, body)
		post[name] = body
	}
	return s, post
}

// TestFromPageSavesWhatThePageIsAbout runs haul get -from-page on a blog
// post: only the post's pictures are saved, and the summary says what
// was left out; with -all every picture is saved, as before.
func TestFromPageSavesWhatThePageIsAbout(t *testing.T) {
	s, post := blogServer(t)
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(t.Context(), "", "-o", out, "-state", "off", "-from-page", s.URL("/post"))
	if r.code != exitOK {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	checkFiles(t, out, post)
	for _, want := range []string{"Found 9 pictures on 1 page.", "5 pictures left out: avatars, ads, logos, headers and menus (-all saves them too)"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
		}
	}

	all := filepath.Join(t.TempDir(), "all")
	r = runGet(t.Context(), "", "-o", all, "-state", "off", "-all", "-from-page", s.URL("/post"))
	if r.code != exitOK {
		t.Fatalf("-all: exit %d\n%s", r.code, r.stderr)
	}
	if n := len(savedNames(t, all)); n != 9 {
		t.Errorf("-all saved %d pictures, want all 9", n)
	}
	if strings.Contains(r.stderr, "left out") {
		t.Errorf("-all still says pictures were left out:\n%s", r.stderr)
	}
}

// TestNameTemplateTakesAltTextAndDate names the post's pictures by their
// alt text, or caption, and the day.
func TestNameTemplateTakesAltTextAndDate(t *testing.T) {
	s, post := blogServer(t)
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(t.Context(), "", "-o", out, "-state", "off", "-name", "{alt} {date}", "-from-page", s.URL("/post"))
	if r.code != exitOK {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	day := todayText()
	checkFiles(t, out, map[string][]byte{
		"The ridge at dawn " + day + ".png":                post["ridge.png"],
		"The lake " + day + ".png":                         post["lake.png"],
		"The last village before the pass " + day + ".png": post["village.png"],
		"Rain on the pass " + day + ".png":                 post["rain.png"],
	})
}

// TestGalleriesStayWhole saves galleries whole: 200 pictures behind
// thumbnails on the fault server, some answering only the second time;
// a grid of 60 small thumbnails linking to their full sizes; and the
// members-only gallery of 30. Every full size is saved and nothing else.
func TestGalleriesStayWhole(t *testing.T) {
	t.Run("200 on the fault server", func(t *testing.T) {
		s := newServer(t)
		var page strings.Builder
		page.WriteString("<!doctype html><html><head><title>Holiday</title></head><body><h1>Holiday, 200 photos</h1><div class=\"gallery\">")
		want := map[string][]byte{}
		for i := 1; i <= 200; i++ {
			name := fmt.Sprintf("photo-%03d.jpg", i)
			body := downloadtest.Picture(2000+i, int64(i))
			var opts []downloadtest.Option
			if i%17 == 0 {
				opts = append(opts, downloadtest.FailFirst(1, 503, "0"))
			}
			s.Handle("/full/"+name, body, opts...)
			s.Handle("/thumb/"+name, downloadtest.Picture(300, int64(-i)))
			want[name] = body
			fmt.Fprintf(&page, `<a href="/full/%s"><img src="/thumb/%s" width="150" height="100"></a>`, name, name)
		}
		page.WriteString("</div></body></html>")
		s.Handle("/holiday", []byte(page.String()), downloadtest.Header("Content-Type", "text/html"))
		out := filepath.Join(t.TempDir(), "out")
		if r := runGet(t.Context(), "", "-o", out, "-state", "off", "-from-page", s.URL("/holiday")); r.code != exitOK {
			t.Fatalf("exit %d\n%s", r.code, r.stderr)
		}
		checkFiles(t, out, want)
	})
	t.Run("60 thumbnails linking to full sizes", func(t *testing.T) {
		s := newServer(t)
		var page strings.Builder
		page.WriteString("<!doctype html><html><body><ul class=\"grid\">")
		want := map[string][]byte{}
		for i := 1; i <= 60; i++ {
			name := fmt.Sprintf("shot%02d.png", i)
			full := pngSized(t, 1200, 800, byte(i))
			s.Handle("/big/"+name, full)
			s.Handle("/small/"+name, pngSized(t, 90, 60, byte(i)))
			want[name] = full
			fmt.Fprintf(&page, `<li><a href="/big/%s"><img src="/small/%s"></a></li>`, name, name)
		}
		page.WriteString("</ul></body></html>")
		s.Handle("/grid", []byte(page.String()), downloadtest.Header("Content-Type", "text/html"))
		out := filepath.Join(t.TempDir(), "out")
		if r := runGet(t.Context(), "", "-o", out, "-state", "off", "-from-page", s.URL("/grid")); r.code != exitOK {
			t.Fatalf("exit %d\n%s", r.code, r.stderr)
		}
		checkFiles(t, out, want)
	})
	t.Run("the members gallery of 30", func(t *testing.T) {
		site := membersSite(t, 30)
		jar := filepath.Join(t.TempDir(), "cookies.txt")
		writeFile(t, jar, site.CookiesTxt(downloadtest.MembersDomain))
		out := filepath.Join(t.TempDir(), "out")
		if r := runGet(t.Context(), "", "-cookies", jar, "-o", out, "-state", "off", "-from-page", site.GalleryURL()); r.code != exitOK {
			t.Fatalf("exit %d\n%s", r.code, r.stderr)
		}
		checkFiles(t, out, site.Pictures)
	})
}

// writeFile writes text to path.
func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// savedNames lists the files saved in dir.
func savedNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

// todayText is today's date as {date} writes it.
func todayText() string { return time.Now().Format(time.DateOnly) }
