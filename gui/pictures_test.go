package gui

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/downloader/pages"
	"haul/gui/guitest"
	"haul/gui/kit"
	"haul/gui/picker"
)

// servePages serves two pages, the first with two pictures and the second
// with one, and returns their addresses.
func (h *harness) servePages() (page1, page2 string) {
	pics := h.serve([]string{"a.png", "b.png", "c.png"}, fileBody)
	h.srv.Handle("/page1.html", fmt.Appendf(nil, `<html><body><img src=%q><img src=%q></body></html>`, pics[0], pics[1]))
	h.srv.Handle("/page2.html", fmt.Appendf(nil, `<html><body><img src=%q></body></html>`, pics[2]))
	return h.srv.URL("/page1.html"), h.srv.URL("/page2.html")
}

// dialogLabel says whether the dialog on top shows a label that starts
// with text.
func (h *harness) dialogLabel(text string) bool {
	found := false
	if top := h.win.Canvas().Overlays().Top(); top != nil {
		guitest.Walk(top, func(o fyne.CanvasObject) {
			if l, ok := o.(*widget.Label); ok && strings.HasPrefix(l.Text, text) {
				found = true
			}
		})
	}
	return found
}

func TestPastedPagesOpenThePickerOneAfterTheOther(t *testing.T) {
	h := newHarness(t, nil)
	page1, page2 := h.servePages()
	h.paste(page1 + "\n" + page2)
	h.ui.batch.Start()
	h.pump("the picker for the first page", func() bool { return h.ui.pickers.Showing() })
	h.waitTotals("0 saved · 2 skipped · 0 failed · 0 left")
	// The pages are read at once, so either may come first.
	first, second, saved := "2 pictures found · 2 chosen", "1 picture found · 1 chosen", 1
	if h.dialogLabel(second) {
		first, second, saved = second, first, 2
	}
	if !h.dialogLabel(first) {
		t.Fatal("the first picker does not say what it found")
	}
	test.Tap(h.dialogButton("Cancel"))
	h.pump("the second picker", func() bool { return h.dialogLabel(second) })
	test.Tap(h.dialogButton("Add "))
	h.waitTotals(fmt.Sprintf("%d saved · 2 skipped · 0 failed · 0 left", saved))
	for _, page := range []string{page1, page2} {
		v, _ := h.view(page)
		if v.State != downloader.Skipped || v.Status == "" {
			t.Errorf("page row %s: %s %q", page, v.State, v.Status)
		}
	}
}

func TestEscClosesThePictureDialogs(t *testing.T) {
	h := newHarness(t, nil)
	_, page2 := h.servePages()
	esc := func() { h.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape}) }
	h.press(fyne.KeyF, ctrl)
	h.press(fyne.KeyF, ctrl)
	if n := len(h.win.Canvas().Overlays().List()); n != 1 {
		t.Errorf("Ctrl+F twice opened %d dialogs", n)
	}
	esc()
	if h.win.Canvas().Overlays().Top() != nil {
		t.Error("Esc left the find dialog open")
	}

	h.press(fyne.KeyF, ctrl)
	address, ok := h.win.Canvas().Focused().(*kit.EscEntry)
	if !ok {
		t.Fatal("Ctrl+F did not put the keyboard in the address field")
	}
	test.Type(address, page2)
	test.Tap(h.dialogButton("Find pictures"))
	h.pump("the picker", func() bool { return h.ui.pickers.Showing() })
	esc()
	if h.ui.pickers.Showing() || h.win.Canvas().Overlays().Top() != nil {
		t.Error("Esc left the picker open")
	}
}

func TestPictureSettingsApplyAndAreRemembered(t *testing.T) {
	h := newHarness(t, nil)
	s := h.ui.settings
	if l := h.ui.m.Limits(); l.KeepDuplicates || l.NoPageReferer || !s.skipSame.Checked || !s.pageReferer.Checked {
		t.Fatalf("defaults: %+v, boxes %v %v", l, s.skipSame.Checked, s.pageReferer.Checked)
	}
	test.Tap(s.more)
	test.Tap(s.skipSame)
	test.Tap(s.pageReferer)
	if l := h.ui.m.Limits(); !l.KeepDuplicates || !l.NoPageReferer {
		t.Errorf("engine limits after unticking both: %+v", l)
	}
	h.reopen()
	s = h.ui.settings
	if l := h.ui.m.Limits(); !l.KeepDuplicates || !l.NoPageReferer || s.skipSame.Checked || s.pageReferer.Checked {
		t.Errorf("a new window has %+v, boxes %v %v", l, s.skipSame.Checked, s.pageReferer.Checked)
	}
}

// TestAFailedPictureFoundOnItsPageIsTriedAgain: a members' picture pasted
// alone fails, refused without its page as Referer; chosen again from its
// page in the picker, the failed row goes back in line with the page as
// Referer and is saved, where it used to be skipped as a duplicate.
func TestAFailedPictureFoundOnItsPageIsTriedAgain(t *testing.T) {
	h := newHarness(t, nil)
	h.srv.HandleFunc("/members/a.png", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Referer") == "" {
			http.Error(w, "members only", http.StatusForbidden)
			return
		}
		w.Write(fileBody("a.png"))
	})
	pic, page := h.srv.URL("/members/a.png"), h.srv.URL("/members/gallery.html")
	h.paste(pic)
	h.ui.batch.Start()
	h.waitTotals("0 saved · 0 skipped · 1 failed · 0 left")

	h.ui.ShowPictures(picker.Source{Page: page, Images: []pages.Image{{URL: pic, Page: page}}})
	test.Tap(h.dialogButton("Add "))
	if got := h.ui.intake.label.Text; got != "Added 0 links · 1 failed download tried again" {
		t.Errorf("intake line = %q", got)
	}
	h.waitTotals("1 saved · 0 skipped · 0 failed · 0 left")
	if v, _ := h.view(pic); v.State != downloader.Done {
		t.Errorf("the revived row is %s", v.State)
	}
}
