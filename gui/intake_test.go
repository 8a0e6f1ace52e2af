package gui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"haul/downloader/links"
	"haul/gui/guitest"
)

func TestIntakeMessage(t *testing.T) {
	tests := []struct {
		r    intakeResult
		want string
	}{
		{intakeResult{added: 1}, "Added 1 link"},
		{intakeResult{added: 1204, duplicates: 37, problems: make([]links.Problem, 3)},
			"Added 1,204 links · 37 duplicates skipped · 3 lines were not links"},
		{intakeResult{duplicates: 1, problems: make([]links.Problem, 1)}, "Added 0 links · 1 duplicate skipped · 1 line was not a link"},
		{intakeResult{added: 2, errors: []string{`"x.png" looks like an image`}}, `Added 2 links · "x.png" looks like an image`},
	}
	for _, tt := range tests {
		if got := tt.r.message(); got != tt.want {
			t.Errorf("message() = %q, want %q", got, tt.want)
		}
	}
}

func TestShowListsRejectedLines(t *testing.T) {
	h := newHarness(t, nil)
	h.paste("https://example.com/a.jpg\nftp://example.com/b.jpg\nhello\n")
	if got, want := h.ui.intake.label.Text, "Added 1 link · 2 lines were not links"; got != want {
		t.Fatalf("intake line = %q, want %q", got, want)
	}
	test.Tap(h.ui.intake.show)
	top := h.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("[Show] opened nothing")
	}
	var texts []string
	guitest.Walk(top, func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok {
			texts = append(texts, l.Text)
		}
	})
	shown := strings.Join(texts, "\n")
	for _, want := range []string{
		"Line 2: ftp://example.com/b.jpg — only http and https links can be downloaded",
		"Line 3: hello — ",
	} {
		if !strings.Contains(shown, want) {
			t.Errorf("the list of rejected lines does not show %q; it shows:\n%s", want, shown)
		}
	}
}

func TestDroppedAndCommandLineFilesAreAdded(t *testing.T) {
	h := newHarness(t, nil)
	dir := t.TempDir()
	list := filepath.Join(dir, "cats.txt")
	page := filepath.Join(dir, "page.html")
	picture := filepath.Join(dir, "photo.png")
	write(t, list, "https://example.com/1.jpg\nhttps://example.com/2.jpg\n")
	write(t, page, `<html><body><img src="https://example.com/3.jpg"><a href="https://example.com/1.jpg">x</a></body></html>`)
	write(t, picture, "\x89PNG")

	h.ui.intake.Dropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(list), storage.NewFileURI(page), storage.NewFileURI(picture)})
	if got := h.ui.intake.label.Text; !strings.Contains(got, "photo.png: not a list of links") {
		t.Errorf("dropping a picture says %q", got)
	}
	h.pump("the dropped lists", func() bool { return strings.HasPrefix(h.ui.intake.label.Text, "Added") })
	if got, want := h.ui.intake.label.Text, "Added 3 links · 1 duplicate skipped"; got != want {
		t.Errorf("intake line = %q, want %q", got, want)
	}
	h.waitRows(3)

	h.ui.intake.AddFiles([]string{filepath.Join(dir, "missing.txt")})
	h.pump("the missing list", func() bool { return strings.Contains(h.ui.intake.label.Text, "missing.txt") })
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// tenThousandLinks is a pasted list of 10,000 distinct links.
func tenThousandLinks() string {
	var b strings.Builder
	for i := range 10_000 {
		fmt.Fprintf(&b, "https://images.example.com/gallery/%d/cat-%05d.jpg\n", i%37, i)
	}
	return b.String()
}

func TestPastingTenThousandLinksIsOneOrTwoListUpdates(t *testing.T) {
	h := newHarness(t, nil)
	h.waitRows(0)
	h.pump("the first refresh", func() bool { return h.applies.Load() > 0 })
	before := h.applies.Load()
	h.paste(tenThousandLinks())
	h.waitRows(10_000)
	// The links reach the list with the next refresh; on a busy machine a
	// refresh can fall in the middle of adding them, so two is fine, but
	// never one update per link. BenchmarkPaste10000 measures the time.
	if n := h.applies.Load() - before; n > 2 {
		t.Errorf("pasting 10,000 links took %d list updates, want one or two", n)
	}
	if got := h.ui.intake.label.Text; got != "Added 10,000 links" {
		t.Errorf("intake line = %q", got)
	}
}

func BenchmarkPaste10000(b *testing.B) {
	text := tenThousandLinks()
	for b.Loop() {
		b.StopTimer()
		h := newHarness(b, nil)
		h.pump("the first refresh", func() bool { return h.applies.Load() > 0 })
		b.StartTimer()
		h.paste(text)
		h.waitRows(10_000)
		b.StopTimer()
		h.ui.Close()
		b.StartTimer()
	}
}

func TestPastingMoreLinksThanHaulTakesAtOnceAddsNone(t *testing.T) {
	h := newHarness(t, nil)
	var b strings.Builder
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&b, "https://s.example/g%02d/[000001-100000].jpg\n", i)
	}
	h.paste(b.String())
	want := "Added 0 links · The text stands for 3,000,000 links, more than the 200,000 Haul takes at once"
	if got := h.ui.intake.label.Text; !strings.HasPrefix(got, want) {
		t.Errorf("intake line = %q, want it to start %q", got, want)
	}
	if items, _ := h.ui.m.Snapshot(); len(items) != 0 {
		n := len(items)
		t.Errorf("%d links added", n)
	}
}
