package gui

import (
	"strings"
	"testing"

	"haul/gui/guitest"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

func TestClipboardWatchingOffersCopiedLinksOnce(t *testing.T) {
	h := newHarness(t, nil)
	c := h.ui.clip
	clip := h.app.Clipboard()
	clip.SetContent("https://pics.example/old.jpg")
	c.look()
	if c.check.Checked || c.bar.Visible() {
		t.Fatal("the clipboard must not be watched until the user turns it on")
	}

	c.check.SetChecked(true)
	c.look()
	if c.bar.Visible() {
		t.Error("what the clipboard held before watching started was offered")
	}
	if !h.app.Preferences().Bool(prefWatchClipboard) {
		t.Error("the choice to watch is not remembered")
	}

	clip.SetContent("see https://pics.example/1.jpg and\nhttps://pics.example/2.jpg")
	c.look()
	if !c.bar.Visible() || c.label.Text != "2 links copied" {
		t.Fatalf("bar visible %v, says %q; want 2 links copied", c.bar.Visible(), c.label.Text)
	}
	c.dismiss()
	clip.SetContent("see https://pics.example/1.jpg and\nhttps://pics.example/2.jpg")
	c.look()
	if c.bar.Visible() {
		t.Error("the same text copied again was offered twice")
	}
	if h.ui.m.Summary().Total != 0 {
		t.Error("links were added without a click")
	}

	clip.SetContent("no links here")
	c.look()
	if c.bar.Visible() {
		t.Error("a text without links was offered")
	}

	clip.SetContent("https://pics.example/a.jpg https://pics.example/b.jpg https://pics.example/c.jpg")
	c.look()
	test.Tap(buttonIn(t, c.bar, "Add"))
	if c.bar.Visible() || !strings.HasPrefix(h.ui.intake.label.Text, "Added 3 links") {
		t.Errorf("after Add: bar visible %v, intake %q", c.bar.Visible(), h.ui.intake.label.Text)
	}
	h.waitRows(3)

	h.paste("https://pics.example/pasted.jpg")
	c.look()
	if c.bar.Visible() {
		t.Error("text pasted with Ctrl+V was offered again")
	}

	c.check.SetChecked(false)
	clip.SetContent("https://pics.example/later.jpg")
	c.look()
	if c.bar.Visible() {
		t.Error("offered after watching was turned off")
	}
}

func TestPastedPatternIsPreviewed(t *testing.T) {
	h := newHarness(t, nil)
	h.paste("https://pics.example/p[001-120].jpg")
	if got, want := h.ui.intake.label.Text, "Added 120 links · 120 links from this pattern"; got != want {
		t.Errorf("intake line = %q, want %q", got, want)
	}
	h.paste("https://pics.example/[1-1000]/[1-1000].jpg")
	if got := h.ui.intake.label.Text; got != "Added 0 links · 1 line was not a link" {
		t.Errorf("intake line = %q", got)
	}
	if p := h.ui.intake.problems; len(p) != 1 || !strings.Contains(problemText(p[0]), "more than 100,000 links") {
		t.Errorf("problems: %+v", p)
	}
}

func TestPlacementSettings(t *testing.T) {
	h := newHarness(t, nil)
	p := h.ui.settings.placement
	if !strings.HasPrefix(p.example.Text, "Pictures keep their own names") {
		t.Errorf("example without a template: %q", p.example.Text)
	}
	test.Type(p.template, "{page} {n}.{ext}")
	if got := p.example.Text; got != "Example: Beach photos 007.jpg" {
		t.Errorf("example = %q", got)
	}
	if got := h.app.Preferences().String(prefNameTemplate); got != "{page} {n}.{ext}" {
		t.Errorf("remembered template %q", got)
	}
	p.template.SetText("{title} {n}")
	if !strings.Contains(p.example.Text, "{title} is not a field") {
		t.Errorf("unknown field: %q", p.example.Text)
	}
	if got := h.ui.settings.limits.NameTemplate; got != "{page} {n}.{ext}" {
		t.Errorf("a template with an unknown field was applied: %q", got)
	}
	p.folders.SetChecked(true)
	if !h.ui.settings.limits.PageFolders || !h.app.Preferences().Bool(prefPageFolders) {
		t.Error("page folders not applied or not remembered")
	}
	h.reopen()
	if q := h.ui.settings.placement; !q.folders.Checked || q.template.Text != "{page} {n}.{ext}" {
		t.Errorf("after a restart: folders %v, template %q", q.folders.Checked, q.template.Text)
	}
}

// buttonIn finds the button labelled text inside o.
func buttonIn(t *testing.T, o fyne.CanvasObject, text string) *widget.Button {
	t.Helper()
	var found *widget.Button
	guitest.Walk(o, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			found = b
		}
	})
	if found == nil {
		t.Fatalf("no %q button", text)
	}
	return found
}
