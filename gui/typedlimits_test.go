package gui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/gui/guitest"
)

// typedField is one of the settings typed or picked from a list: where it
// is, and what the engine has from it.
type typedField struct {
	name   string
	field  func(h *harness) *choiceEntry
	engine func(h *harness) int64
	// open shows the field: More… for the settings in it.
	open func(h *harness)
}

var typedFields = []typedField{
	{
		name:   "speed",
		field:  func(h *harness) *choiceEntry { return h.ui.settings.speed },
		engine: func(h *harness) int64 { return h.ui.m.Limits().BytesPerSec },
		open:   func(*harness) {},
	},
	{
		name:   "largest file",
		field:  func(h *harness) *choiceEntry { return h.ui.settings.maxSize },
		engine: func(h *harness) int64 { return h.ui.m.Limits().MaxSize },
		open:   func(h *harness) { test.Tap(h.ui.settings.more) },
	},
}

// TestTypedLimitWaitsForEnterOrLeavingTheField types "20 MB/s" and "20 MB"
// key by key: no keystroke changes the engine's limit; Enter, leaving the
// field or closing More… applies the whole value.
func TestTypedLimitWaitsForEnterOrLeavingTheField(t *testing.T) {
	finishes := []struct {
		name   string
		finish func(h *harness, e *choiceEntry)
		// only names the one field this way to finish is for, if any.
		only string
	}{
		{"Enter", func(_ *harness, e *choiceEntry) { e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) }, ""},
		{"leaving the field", func(h *harness, _ *choiceEntry) { h.win.Canvas().Unfocus() }, ""},
		{"Tab to the next setting", func(h *harness, _ *choiceEntry) { test.FocusNext(h.win.Canvas()) }, ""},
		{"closing More…", func(h *harness, _ *choiceEntry) { test.Tap(findButton(nil, "Close")) }, "largest file"},
		{"pressing Start", func(h *harness, _ *choiceEntry) { h.ui.batch.Start() }, "speed"},
	}
	typed := map[string]string{"speed": "20 MB/s", "largest file": "20 MB"}
	for _, f := range typedFields {
		for _, fin := range finishes {
			if fin.only != "" && fin.only != f.name {
				continue
			}
			t.Run(f.name+"/"+fin.name, func(t *testing.T) {
				h := newHarness(t, nil)
				f.open(h)
				e := f.field(h)
				h.win.Canvas().Focus(e)
				e.TypedShortcut(&fyne.ShortcutSelectAll{})
				for _, r := range typed[f.name] {
					test.Type(e, string(r))
					if got := f.engine(h); got != 0 {
						t.Fatalf("after typing %q the engine's limit is %d", e.Text, got)
					}
				}
				fin.finish(h, e)
				if got := f.engine(h); got != 20_000_000 {
					t.Errorf("after %s the engine's limit is %d, want 20,000,000", fin.name, got)
				}
			})
		}
	}
}

// TestLimitPickedFromTheListAppliesAtOnce: a value chosen from a field's
// list is complete and reaches the engine without Enter.
func TestLimitPickedFromTheListAppliesAtOnce(t *testing.T) {
	choices := map[string]struct {
		label string
		want  int64
	}{
		"speed":        {"5.0 MB/s", 5_000_000},
		"largest file": {"100 MB", 100_000_000},
	}
	for _, f := range typedFields {
		t.Run(f.name, func(t *testing.T) {
			h := newHarness(t, nil)
			f.open(h)
			c := choices[f.name]
			pickFromList(t, h.win.Canvas(), f.field(h), c.label)
			if got := f.engine(h); got != c.want {
				t.Errorf("after choosing %q the engine's limit is %d, want %d", c.label, got, c.want)
			}
			if got := f.field(h).Text; got != c.label {
				t.Errorf("the field shows %q", got)
			}
		})
	}
}

// pickFromList clicks the list button drawn in e, then choice in the list.
func pickFromList(t *testing.T, c fyne.Canvas, e *choiceEntry, choice string) {
	t.Helper()
	var button *widget.Button
	guitest.Walk(e, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok {
			button = b
		}
	})
	if button == nil {
		t.Fatal("the field shows no button for its list")
	}
	test.Tap(button)
	var last, item fyne.Tappable
	guitest.Walk(c.Overlays().Top(), func(o fyne.CanvasObject) {
		if tap, ok := o.(fyne.Tappable); ok {
			last = tap
		}
		if text, ok := o.(*canvas.Text); ok && text.Text == choice {
			item = last
		}
	})
	if item == nil {
		t.Fatalf("the list offers no %q", choice)
	}
	test.Tap(item)
}

// TestUnreadableTypedLimitIsExplained: text that is not a speed or a size
// leaves the limit as it was and says so next to the field, in plain words;
// the speed field, whose words are told in the window, shows the limit in
// force again.
func TestUnreadableTypedLimitIsExplained(t *testing.T) {
	tests := []struct {
		field    typedField
		good     string
		want     int64
		bad      string
		problem  func(h *harness) *widget.Label
		sentence string
		shown    string // the field's text after the bad value
	}{
		{typedFields[0], "2 MB/s", 2_000_000, "very fast", func(h *harness) *widget.Label { return h.ui.notice.label },
			"“very fast” is not a speed Haul understands, so the speed limit is unchanged.", speedLabel(2_000_000)},
		{typedFields[1], "2 MB", 2_000_000, "very big", func(h *harness) *widget.Label { return h.ui.settings.maxSizeProblem },
			"“very big” is not a size Haul understands, so the largest file size is unchanged.", "very big"},
	}
	for _, tt := range tests {
		t.Run(tt.field.name, func(t *testing.T) {
			h := newHarness(t, nil)
			tt.field.open(h)
			e := tt.field.field(h)
			e.SetText(tt.good)
			e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			e.SetText(tt.bad)
			e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			if got := tt.field.engine(h); got != tt.want {
				t.Errorf("limit = %d, want the earlier %d", got, tt.want)
			}
			p := tt.problem(h)
			if !p.Visible() || !strings.HasPrefix(p.Text, tt.sentence) {
				t.Errorf("message = %q (visible %v)", p.Text, p.Visible())
			}
			if e.Text != tt.shown {
				t.Errorf("the field shows %q, want %q", e.Text, tt.shown)
			}
			e.SetText(tt.good)
			e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
			if p.Visible() && strings.HasPrefix(p.Text, tt.sentence) {
				t.Error("the message stayed after a good value")
			}
		})
	}
}

// TestUnreadableSizeIsToldAfterMoreCloses: a size that cannot be read,
// left in the field as More… closes, is told in the window, and the field
// shows the limit in force again.
func TestUnreadableSizeIsToldAfterMoreCloses(t *testing.T) {
	h := newHarness(t, nil)
	test.Tap(h.ui.settings.more)
	e := h.ui.settings.maxSize
	h.win.Canvas().Focus(e)
	e.TypedShortcut(&fyne.ShortcutSelectAll{})
	test.Type(e, "huge")
	test.Tap(findButton(nil, "Close"))
	if got := h.ui.m.Limits().MaxSize; got != 0 {
		t.Errorf("limit = %d, want none", got)
	}
	if n := h.ui.notice; !n.box.Visible() || !strings.HasPrefix(n.label.Text, "“huge” is not a size Haul understands") {
		t.Errorf("notice = %q (visible %v)", n.label.Text, n.box.Visible())
	}
	if e.Text != "No limit" || h.ui.settings.maxSizeProblem.Visible() {
		t.Errorf("the field shows %q, its message visible %v", e.Text, h.ui.settings.maxSizeProblem.Visible())
	}
}

// TestLargestFileFailsALargerDownload: with "Largest file" set, a download
// that announces no length is stopped past it and fails with the reason in
// words; a smaller file is saved.
func TestLargestFileFailsALargerDownload(t *testing.T) {
	h := newHarness(t, map[string]int{prefRetries: 0})
	test.Tap(h.ui.settings.more)
	e := h.ui.settings.maxSize
	e.SetText("10 kB")
	e.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	test.Tap(findButton(nil, "Close"))
	h.srv.Handle("/small.bin", downloadtest.Data(1000, 1))
	h.srv.Handle("/large.bin", downloadtest.Data(50_000, 2), downloadtest.NoContentLength())
	small, large := h.srv.URL("/small.bin"), h.srv.URL("/large.bin")
	h.paste(small + "\n" + large)
	h.waitRows(2)
	h.ui.batch.Start()
	h.waitState(small, downloader.Done)
	h.waitState(large, downloader.Failed)
	want := "The file is larger than the size limit (10 kB), so it was not saved. Raise the limit to download it."
	if got := h.row(large).status.Text; got != want {
		t.Errorf("the large file's row says %q, want %q", got, want)
	}
	saved := h.readSaved()
	if len(saved) != 1 || len(saved["small.bin"]) != 1000 {
		t.Errorf("saved files: %d (small.bin %d bytes)", len(saved), len(saved["small.bin"]))
	}
}
