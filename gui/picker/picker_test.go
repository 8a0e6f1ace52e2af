package picker

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"haul/downloader/downloadtest"
	"haul/downloader/pages"
	"haul/gui/thumbnail"
)

func TestFindPicturesChooseAndDownloadThem(t *testing.T) {
	h := newHarness(t)
	g := h.serveGallery()
	p := findGallery(t, h, g)
	checkFound(t, h, g, p)
	checkNotChosen(t, h, p)
	checkKindFilter(t, h, p)
	checkSizeFilter(t, h, p)
	addAndDownload(t, h, g, p)
	checkFiltersRemembered(t, h, g)
}

// findGallery finds the gallery's two pages and returns the picker, once
// the sizes the choice waits on are read.
func findGallery(t *testing.T, h *harness, g gallery) *picker {
	t.Helper()
	h.ps.Find()
	f := h.finder()
	if f == nil || h.win.Canvas().Focused() != f.url {
		t.Fatal("Find did not open the find dialog with the address field focused")
	}
	test.Type(f.url, g.page1)
	f.pages.SetSelected("2")
	test.Tap(f.find)
	h.pump("the picker", func() bool { return h.picker() != nil })
	p := h.picker()
	if h.finder() != nil {
		t.Error("the find dialog stayed open")
	}
	if got := p.host.Prefs.Int(prefFindPages); got != 2 {
		t.Errorf("remembered pages to follow = %d, want 2", got)
	}
	h.pump("the sizes read", func() bool { return p.measuring == 0 })
	return p
}

// checkFound checks the picker shows the chosen pictures first, page by
// page, and what it shows of each.
func checkFound(t *testing.T, h *harness, g gallery, p *picker) {
	t.Helper()
	if got, want := shownNames(p), "big.jpg photo.png anim.webp vector.svg second.jpg"; got != want {
		t.Fatalf("picker shows %q, want the chosen %q", got, want)
	}
	if got, want := p.summary.Text, "7 pictures found on 2 pages · 5 chosen"; got != want {
		t.Errorf("summary = %q, want %q", got, want)
	}
	if got, want := p.title(), "Pictures on 2 pages"; got != want {
		t.Errorf("title = %q, want %q", got, want)
	}
	rows := h.pickRows()
	big := rows["big.jpg"]
	if big == nil || big.info.Text != "JPEG · 800 × 600" || big.note.Text != "A big cat" || !big.check.Checked {
		t.Fatalf("big.jpg row: info %q note %q", big.info.Text, big.note.Text)
	}
	if got := h.headings(); got != "Cats — "+pageLabel(g.page1)+" | "+pageLabel(g.page2) {
		t.Errorf("page headings = %q", got)
	}
	h.pump("the thumbnails on screen", func() bool {
		_, ok := p.thumbs.cached(h.srv.URL("/pics/big.jpg"))
		return ok && h.pickRows()["big.jpg"].thumb.Visible()
	})
	if th, _ := p.thumbs.cached(h.srv.URL("/pics/big.jpg")); th.Img.Bounds().Dx() != thumbnail.Side || th.W != 800 {
		t.Errorf("thumbnail of big.jpg is %v for a %d px wide picture", th.Img.Bounds(), th.W)
	}
}

// checkNotChosen opens the pictures not chosen, which say why on their
// line and when the pointer rests on them.
func checkNotChosen(t *testing.T, h *harness, p *picker) {
	t.Helper()
	more := h.moreRow()
	if more == nil || more.more.Text != "2 more pictures not chosen: headers and menus" || more.toggle.Text != "Show" {
		t.Fatalf("the line of pictures not chosen: %+v", more)
	}
	test.Tap(more.toggle)
	if got, want := shownNames(p), "big.jpg photo.png anim.webp vector.svg tiny.gif raw.bmp second.jpg"; got != want {
		t.Fatalf("after Show the picker shows %q, want %q", got, want)
	}
	tiny := h.pickRows()["tiny.gif"]
	if tiny.check.Checked || tiny.note.Text != "Not chosen: In the site's header, menu or footer" {
		t.Errorf("tiny.gif: ticked %v, says %q", tiny.check.Checked, tiny.note.Text)
	}
	tiny.MouseIn(nil)
	if got, want := p.tips.shown(), "tiny.gif — "+tiny.note.Text; got != want {
		t.Errorf("resting on tiny.gif shows %q, want %q", got, want)
	}
	tiny.MouseOut()
	if p.tips.shown() != "" {
		t.Error("the tip stayed after the pointer left")
	}
	if got := p.add.Text; got != "Add 5 pictures" {
		t.Errorf("add button = %q", got)
	}
}

// checkKindFilter hides and shows kinds of pictures and chooses among them.
func checkKindFilter(t *testing.T, h *harness, p *picker) {
	t.Helper()
	p.kinds[kindPNG].SetChecked(false)
	p.kinds[kindOther].SetChecked(false)
	if got := shownNames(p); got != "big.jpg anim.webp vector.svg tiny.gif second.jpg" {
		t.Errorf("without PNG and other types the picker shows %q", got)
	}
	if got := p.add.Text; got != "Add 4 pictures" {
		t.Errorf("add button = %q", got)
	}
	test.Tap(p.none)
	if p.add.Text != "Add 0 pictures" || !p.add.Disabled() {
		t.Errorf("after Select none: %q, disabled %v", p.add.Text, p.add.Disabled())
	}
	test.Tap(p.all)
	test.Tap(h.pickRows()["anim.webp"].check)
	if got := p.summary.Text; got != "7 pictures found on 2 pages · 4 chosen" {
		t.Errorf("after unticking one row: %q", got)
	}
	p.kinds[kindPNG].SetChecked(true)
	p.kinds[kindOther].SetChecked(true)
	p.contains.SetText("SECOND")
	if got := shownNames(p); got != "second.jpg" {
		t.Errorf("with the address containing SECOND the picker shows %q", got)
	}
	p.contains.SetText("")
}

// checkSizeFilter leaves out small pictures, reading the sizes not known.
func checkSizeFilter(t *testing.T, h *harness, p *picker) {
	t.Helper()
	p.minW.SetSelected("100")
	p.minH.SetSelected("100")
	h.pump("the small pictures left out, and the SVG whose size cannot be read", func() bool {
		return shownNames(p) == "big.jpg photo.png second.jpg"
	})
	if !p.keepUnknown.Visible() || p.keepUnknown.Text != "Keep the 1 picture whose size could not be read" {
		t.Errorf("the choice to keep pictures of unknown size: shown %v, %q", p.keepUnknown.Visible(), p.keepUnknown.Text)
	}
	test.Tap(p.keepUnknown)
	if got := shownNames(p); got != "big.jpg photo.png vector.svg second.jpg" {
		t.Errorf("keeping pictures of unknown size, the picker shows %q", got)
	}
	if got := h.pickRows()["vector.svg"].info.Text; got != "SVG · size unknown" {
		t.Errorf("the SVG's size reads %q", got)
	}
	if got := p.add.Text; got != "Add 4 pictures" {
		t.Errorf("add button = %q", got)
	}
}

// addAndDownload adds the chosen pictures and checks they are saved with
// their page as Referer.
func addAndDownload(t *testing.T, h *harness, g gallery, p *picker) {
	t.Helper()
	test.Tap(p.add)
	if h.picker() != nil {
		t.Error("the picker stayed open after Add")
	}
	if h.added != 4 || h.refused != 0 {
		t.Errorf("added %d, refused %d, want 4 and 0", h.added, h.refused)
	}
	if h.started != 0 {
		t.Error("pictures found in the window started downloading before Start")
	}
	items, _ := h.m.Snapshot()
	for _, it := range items {
		want := g.page1
		if it.URL == h.srv.URL("/pics/second.jpg") {
			want = g.page2
		}
		if it.Referer != want {
			t.Errorf("%s queued with Referer %q, want %q", it.URL, it.Referer, want)
		}
	}
	if err := h.m.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	h.pump("4 saved", func() bool { s := h.m.Summary(); return s.Done == 4 && s.Left() == 0 })
	saved := h.readSaved()
	for _, name := range []string{"big.jpg", "photo.png", "vector.svg", "second.jpg"} {
		if saved[name] != string(g.files[name]) {
			t.Errorf("%s on disk differs from the served picture", name)
		}
		reqs := h.srv.Requests("/pics/" + name)
		if last := reqs[len(reqs)-1]; last.Header.Get("Referer") == "" {
			t.Errorf("%s was downloaded without a Referer", name)
		}
	}
}

// checkFiltersRemembered opens the gallery again: the filters chosen for
// its site are back.
func checkFiltersRemembered(t *testing.T, h *harness, g gallery) {
	t.Helper()
	h.ps.Show(Source{Page: g.page1, Images: []pages.Image{{URL: h.srv.URL("/pics/big.jpg"), Page: g.page1, Width: 800, Height: 600}}})
	p := h.picker()
	if p.minW.Selected != "100" || p.minH.Selected != "100" || p.contains.Text != "" || !p.kinds[kindPNG].Checked {
		t.Errorf("the site's filters were not remembered: at least %s × %s, contains %q", p.minW.Selected, p.minH.Selected, p.contains.Text)
	}
	p.close()
}

func TestPicturesWithoutSizeOrTypeStillShow(t *testing.T) {
	tests := []struct {
		url      string
		name     string
		kind     imageKind
		typ      string
		w, h     int
		minSide  int
		hideKind imageKind
		shown    bool
	}{
		{"https://x.org/a/Cat.JPEG?w=1", "Cat.JPEG", kindJPEG, "JPEG", 0, 0, 400, kindPNG, true},
		{"https://x.org/a/icon.png", "icon.png", kindPNG, "PNG", 48, 48, 100, kindGIF, false},
		{"https://x.org/a/wide.webp", "wide.webp", kindWebP, "WebP", 1200, 90, 100, kindGIF, false},
		{"https://x.org/a/logo.svg", "logo.svg", kindSVG, "SVG", 0, 0, 0, kindSVG, false},
		{"https://x.org/image?id=7", "image", kindOther, "", 0, 0, 800, kindJPEG, true},
		{"https://x.org/", "x.org", kindOther, "", 0, 0, 0, kindJPEG, true},
		{"https://x.org/p/raw.avif", "raw.avif", kindOther, "AVIF", 640, 0, 200, kindJPEG, true},
	}
	for _, tt := range tests {
		p := newPick(pages.Image{URL: tt.url, Width: tt.w, Height: tt.h})
		if p.name != tt.name || p.kind != tt.kind || p.typ != tt.typ {
			t.Errorf("%s: name %q kind %v type %q", tt.url, p.name, p.kind, p.typ)
		}
		var f pickFilter
		f.minW, f.minH = tt.minSide, tt.minSide
		f.hidden[tt.hideKind] = true
		if got := f.shows(p); got != tt.shown {
			t.Errorf("%s with %+v: shown %v, want %v", tt.url, f, got, tt.shown)
		}
	}
}

// TestFindOnAMissingPageSaysWhyOnce: a page that answers 404 is explained
// in one sentence, not "could not read the page: could not open the page".
func TestFindOnAMissingPageSaysWhyOnce(t *testing.T) {
	h := newHarness(t)
	h.srv.Handle("/gone.html", []byte("gone"), downloadtest.Status(404))
	missing := h.srv.URL("/gone.html")
	h.ps.Find()
	f := h.finder()
	test.Type(f.url, missing)
	test.Tap(f.find)
	h.pump("the reason", func() bool { return strings.HasPrefix(f.status.Text, "Could not read the page: ") })
	if got := f.status.Text; !strings.Contains(got, "Not found (404)") || strings.Contains(strings.ToLower(got), "could not open the page") {
		t.Errorf("the dialog says %q", got)
	}
}
