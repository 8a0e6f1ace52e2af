package pages

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// article is an article's text, long enough to be one.
const article = `<p>The harbour reopened on Tuesday after a winter of repairs, and the first ferry of the season crossed in the morning fog with forty passengers on board, most of them locals heading to the market.</p>
<p>Workers replaced the old timber piles with steel, rebuilt the waiting room and widened the slipway, a job that took four months longer than planned because of the storms in January and February.</p>
<p>The harbour master said the new pier would last fifty years, and that the town would hold a fair on the quay in June to celebrate, with music, food stalls and boat trips round the bay for children.</p>`

// chosenAndWhy runs Find on a body and says, for each picture, its file
// name and "" when chosen, else why not.
func chosenAndWhy(t *testing.T, body string) map[string]Reason {
	t.Helper()
	images, _, err := Find(strings.NewReader("<!doctype html><html><head><title>T</title>"+body+"</html>"), mustParse(t, "https://news.example/story"))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]Reason{}
	for _, img := range images {
		u, _ := url.Parse(img.URL)
		name := u.Path[strings.LastIndex(u.Path, "/")+1:]
		got[name] = img.Why
	}
	return got
}

func TestPicturesAreChosenAsAReaderWould(t *testing.T) {
	tests := []struct {
		name string
		body string
		want map[string]Reason
	}{
		{"an article among the site's furniture",
			`<body><header><img src="/logo.png" alt="The News"></header><nav><img src="/menu-art.png"></nav>
<article><h1>Harbour reopens</h1><figure><img src="/lead.jpg" width="1200" height="800"><figcaption>The pier</figcaption></figure>
<div class="body">` + article + `<img src="/inline.jpg"></div>
<div class="byline"><img class="avatar" src="/author.jpg"></div></article>
<aside class="sidebar"><img src="/most-read.jpg" width="300" height="200"></aside>
<section class="related"><h2>Related</h2><a href="/other"><img src="/other.jpg" width="300" height="200">Another story about boats and harbours</a></section>
<footer><img src="/footer-art.png"></footer></body>`,
			map[string]Reason{"logo.png": ReasonLogo, "menu-art.png": ReasonLayout, "lead.jpg": "", "inline.jpg": "", "author.jpg": ReasonAvatar,
				"most-read.jpg": ReasonSidebar, "other.jpg": ReasonRelated, "footer-art.png": ReasonLayout}},
		{"ads by host, by class and by label",
			`<body><div class="post">` + article + `<img src="/photo.jpg" width="800" height="600"></div>
<img src="https://tpc.googlesyndication.com/simgad/123" width="300" height="250">
<div class="ad-slot"><img src="/house-ad.jpg" width="300" height="250"></div>
<div class="card"><img src="/promo.jpg" width="300" height="250"><span>Sponsored</span></div></body>`,
			map[string]Reason{"photo.jpg": "", "123": ReasonAd, "house-ad.jpg": ReasonAd, "promo.jpg": ReasonAd}},
		{"a gallery of small tiles stays whole",
			`<body><h1>Album</h1><ul class="album">` + strings.Repeat("", 0) +
				`<li><img src="/t1.jpg" width="90" height="60"></li><li><img src="/t2.jpg" width="90" height="60"></li>` +
				`<li><img src="/t3.jpg" width="90" height="60"></li><li><img src="/t4.jpg" width="90" height="60"></li></ul>` +
				`<p>Taken over a summer on the coast, with an old camera and a lot of patience.</p><img src="/tiny.png" width="40" height="40"></body>`,
			map[string]Reason{"t1.jpg": "", "t2.jpg": "", "t3.jpg": "", "t4.jpg": "", "tiny.png": ReasonSmall}},
		{"a banner, the share picture and data",
			`<meta property="og:image" content="/share-card.jpg"></head><body><div class="entry">` + article +
				`<img src="/photo.jpg" width="800" height="600"><img src="/strip.jpg" width="900" height="100"></div>
<script type="application/json">{"gallery":[{"url":"/only-in-data.jpg","width":1600,"height":1200}]}</script></body>`,
			map[string]Reason{"photo.jpg": "", "strip.jpg": ReasonBanner, "share-card.jpg": ReasonShare, "only-in-data.jpg": ReasonData}},
		{"a page of small pictures is about them",
			`<body><img src="/a.png" width="40" height="40"><img src="/b.png" width="60" height="60"><img class="site-logo" src="/logo.png"></body>`,
			map[string]Reason{"a.png": "", "b.png": "", "logo.png": ReasonLogo}},
		{"a blog's comments, a shop's reviews",
			`<body><div class="post">` + article + `<img src="/post.jpg" width="800" height="600"></div>
<div id="comments"><div class="comment"><p>Here is mine!</p><img src="/reader.jpg" width="800" height="600"></div></div></body>`,
			map[string]Reason{"post.jpg": "", "reader.jpg": ReasonComments}},
		{"a shop's review photos",
			`<body><div class="product"><img src="/product.jpg" width="800" height="800"><span class="price">$25.00</span></div>
<div class="comment-list"><div class="comment-item"><p>Lovely.</p><img src="/review-thumb.jpg" width="48" height="48"></div></div></body>`,
			map[string]Reason{"product.jpg": "", "review-thumb.jpg": ""}},
		{"Discuz! posts: photos behind lazy attributes, avatars, smileys, a signature",
			`<body><div id="postlist"><div class="plhin"><div class="avatar"><img src="/uc_server/avatar.php?uid=1&amp;size=middle"></div>
<td class="t_f">Our trip<img id="aimg_1" src="static/image/common/none.gif" zoomfile="data/attachment/forum/a.jpg" file="data/attachment/forum/a.jpg.thumb.jpg" width="600">
<img src="static/image/smiley/default/lol.gif" smilieid="1"></td>
<div class="sign"><img src="data/attachment/album/sig.jpg"></div></div></div></body>`,
			map[string]Reason{"avatar.php": ReasonAvatar, "a.jpg": "", "lol.gif": ReasonIcon, "sig.jpg": ReasonSignature}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := chosenAndWhy(t, tt.body)
			for name, want := range tt.want {
				why, ok := got[name]
				if !ok {
					t.Errorf("%s was not found; found %v", name, got)
					continue
				}
				if why != want {
					t.Errorf("%s: why %q, want %q", name, why, want)
				}
			}
		})
	}
}

func TestCopiesAtSeveralSizesFoldIntoOne(t *testing.T) {
	tests := []struct{ small, large string }{
		{"https://x.example/a/photo@1x.png", "https://x.example/a/photo@2x.png"},
		{"https://x.example/a/photo.png", "https://x.example/a/photo@3x.png"},
		{"https://x.example/a/photo_thumb.jpg", "https://x.example/a/photo.jpg"},
		{"https://bbs.example/data/attachment/forum/a.jpg.thumb.jpg", "https://bbs.example/data/attachment/forum/a.jpg"},
		{"https://m.media-shop.example/images/I/71aB._AC_US40_.jpg", "https://m.media-shop.example/images/I/71aB._AC_SL1500_.jpg"},
		{"https://img.alicdn.example/imgextra/i1/O1CN01a.jpg_60x60q90.jpg", "https://img.alicdn.example/imgextra/i1/O1CN01a.jpg"},
		{"https://live.staticflickr.example/65535/123_abc_n.jpg", "https://live.staticflickr.example/65535/123_abc_b.jpg"},
		{"https://img14.360buyimg.example/n5/jfs/t1/a.jpg", "https://img14.360buyimg.example/n0/jfs/t1/a.jpg"},
		{"https://img14.360buyimg.example/n1/s450x450_jfs/t1/a.jpg", "https://img14.360buyimg.example/n0/jfs/t1/a.jpg"},
		{"https://blogger.googleusercontent.example/img/b/R29v/AVvX/s640/loaf.jpg", "https://blogger.googleusercontent.example/img/b/R29v/AVvX/s1600/loaf.jpg"},
		{"https://blogger.googleusercontent.example/img/b/R29v/AVvX/w1200-h630-p-k-no-nu/loaf.jpg", "https://blogger.googleusercontent.example/img/b/R29v/AVvX/s1600/loaf.jpg"},
		{"https://cdn.example/image/fetch/w_424,c_limit,f_webp,q_auto:good/https%3A%2F%2Fmedia%2Fa.jpeg", "https://cdn.example/image/fetch/f_auto,q_auto:good/https%3A%2F%2Fmedia%2Fa.jpeg"},
		{"https://blog.example/content/images/size/w600/2024/01/a.jpg", "https://blog.example/content/images/2024/01/a.jpg"},
	}
	for _, tt := range tests {
		ks, ss := variantOf(mustParse(t, tt.small))
		kl, sl := variantOf(mustParse(t, tt.large))
		if ks != kl || sl <= ss {
			t.Errorf("%s and %s: keys %q and %q, sizes %d and %d; want one picture, the second larger", tt.small, tt.large, ks, kl, ss, sl)
		}
	}
	for _, pair := range [][2]string{
		{"https://x.example/photos/small-dog.jpg", "https://x.example/photos/dog.jpg"},
		{"https://x.example/s2/a.jpg", "https://x.example/s3/a.jpg"},
		{"https://live.staticflickr.example/65535/123_abc_b.jpg", "https://live.staticflickr.example/65535/124_abc_b.jpg"},
	} {
		ka, _ := variantOf(mustParse(t, pair[0]))
		kb, _ := variantOf(mustParse(t, pair[1]))
		if ka == kb {
			t.Errorf("%s and %s count as one picture", pair[0], pair[1])
		}
	}
}

// sizedPNG is a real w×h PNG.
func sizedPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	var b strings.Builder
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return []byte(b.String())
}

// TestMeasureLeavesOutWhatTurnsOutSmall reads the sizes the page did not
// give: a picture that turns out to be an icon is left out; a gallery's
// tiles and full sizes behind thumbnails are never read.
func TestMeasureLeavesOutWhatTurnsOutSmall(t *testing.T) {
	bodies := map[string][]byte{"/big.png": sizedPNG(t, 1200, 800), "/tiny.png": sizedPNG(t, 24, 24), "/thin.png": sizedPNG(t, 900, 90)}
	var mu sync.Mutex // Measure reads several sizes at once
	asked := map[string]int{}
	open := func(_ context.Context, link, page string) (*http.Response, error) {
		u, _ := url.Parse(link)
		mu.Lock()
		asked[u.Path]++
		mu.Unlock()
		if page != "https://news.example/story" {
			t.Errorf("%s asked for from %q, not its page", link, page)
		}
		body, ok := bodies[u.Path]
		if !ok {
			return &http.Response{StatusCode: http.StatusNotFound, Body: io.NopCloser(strings.NewReader(""))}, nil
		}
		return &http.Response{StatusCode: http.StatusOK, ContentLength: int64(len(body)), Body: io.NopCloser(strings.NewReader(string(body)))}, nil
	}
	images, _, err := Find(strings.NewReader(`<body><p>One.</p><img src="/big.png"><p>Two.</p><img src="/tiny.png"><p>Three.</p><img src="/thin.png"><p>Four.</p><a href="/full.png"><img src="/thumb.png"></a></body>`),
		mustParse(t, "https://news.example/story"))
	if err != nil {
		t.Fatal(err)
	}
	if n := Unmeasured(images); n != 3 {
		t.Errorf("%d pictures wait on their size, want 3", n)
	}
	Measure(t.Context(), images, open)
	got := map[string]string{}
	for _, img := range images {
		got[img.URL[strings.LastIndex(img.URL, "/"):]] = fmt.Sprintf("%q %dx%d", img.Why, img.Width, img.Height)
	}
	want := map[string]string{"/big.png": `"" 1200x800`, "/tiny.png": `"small" 24x24`, "/thin.png": `"banner" 900x90`, "/full.png": `"" 0x0`}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %s, want %s", k, got[k], v)
		}
	}
	if asked["/full.png"] != 0 {
		t.Error("the full size behind a thumbnail was read for its size")
	}
}

// TestFromBrowserJoinsWhatOnlyTheBrowserSaw reads a page as the extension
// sends it: a background from a style sheet is left out, a picture the
// markup no longer holds (a long feed dropped it) is chosen, a picture the
// browser drew stretched is judged by its own shape.
func TestFromBrowserJoinsWhatOnlyTheBrowserSaw(t *testing.T) {
	page := mustParse(t, "https://feed.example/")
	b := Browsed{Page: page, Title: "Feed",
		HTML:        `<body><div class="feed"><img src="/p2.jpg" width="600" height="400"><img class="strip" src="/p3.jpg" width="100%" height="88"></div></body>`,
		Links:       []string{"https://feed.example/p1.jpg", "https://feed.example/p2.jpg", "https://feed.example/p3.jpg", "https://feed.example/bg.jpg"},
		Backgrounds: []string{"https://feed.example/bg.jpg"},
		Drawn:       map[string]Size{"https://feed.example/p1.jpg": {600, 400}, "https://feed.example/p3.jpg": {1000, 88}},
		Natural:     map[string]Size{"https://feed.example/p1.jpg": {1200, 800}, "https://feed.example/p3.jpg": {880, 600}},
	}
	got := map[string]Reason{}
	for _, img := range FromBrowser(b) {
		got[img.URL[strings.LastIndex(img.URL, "/")+1:]] = img.Why
		if img.PageTitle != "Feed" {
			t.Errorf("%s has page title %q", img.URL, img.PageTitle)
		}
	}
	want := map[string]Reason{"p1.jpg": "", "p2.jpg": "", "p3.jpg": "", "bg.jpg": ReasonBackground}
	for k, v := range want {
		if r, ok := got[k]; !ok || r != v {
			t.Errorf("%s: %q (found %v), want %q", k, r, ok, v)
		}
	}
}
