package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/gui/guitest"
)

// serveSlow registers files that take seconds to download and returns their links.
func (h *harness) serveSlow(names ...string) []string {
	var urls []string
	for i, n := range names {
		h.srv.Handle("/"+n, downloadtest.Data(2_000_000, int64(i+1)), downloadtest.Throttle(200_000))
		urls = append(urls, h.srv.URL("/"+n))
	}
	return urls
}

// esc presses Esc with nothing focused.
func (h *harness) esc() {
	h.win.Canvas().Unfocus()
	h.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
}

// Problem 1: Esc closes the topmost dialog, and with none open stops the batch.
func TestEscClosesTheTopmostDialogAndLeavesTheBatchRunning(t *testing.T) {
	h := newHarness(t, nil)
	h.paste(strings.Join(h.serveSlow("slow1.bin", "slow2.bin"), "\n"))
	h.waitRows(2)
	h.ui.batch.Start()
	h.waitCommands()
	running := func() bool { return h.ui.m.Summary().Running }
	if !running() {
		t.Fatal("Start did not start the downloads")
	}

	opens := []struct {
		name string
		open func()
	}{
		{"More settings", func() { h.press(fyne.KeyComma, ctrl) }},
		{"Open list", func() { h.press(fyne.KeyO, ctrl) }},
		{"About", func() { test.Tap(h.ui.about) }},
		{"an error", func() { h.ui.showError(os.ErrNotExist) }},
	}
	for _, o := range opens {
		o.open()
		if len(h.ui.dialogs) != 1 || h.win.Canvas().Overlays().Top() == nil {
			t.Fatalf("%s: %d dialogs tracked", o.name, len(h.ui.dialogs))
		}
		h.esc()
		if len(h.ui.dialogs) != 0 || h.win.Canvas().Overlays().Top() != nil {
			t.Errorf("Esc left %s open", o.name)
		}
		if !running() {
			t.Fatalf("Esc on %s stopped the downloads", o.name)
		}
	}

	h.press(fyne.KeyComma, ctrl)
	h.press(fyne.KeyO, ctrl)
	h.ui.chooser.path.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if h.ui.chooser != nil || len(h.ui.dialogs) != 1 {
		t.Errorf("Esc in the path box left the file chooser open (%d dialogs)", len(h.ui.dialogs))
	}
	h.esc()
	if !running() || len(h.ui.dialogs) != 0 {
		t.Fatalf("Esc on the last dialog: running %v, dialogs %d", running(), len(h.ui.dialogs))
	}
	h.esc()
	h.pump("stopped by Esc with no dialog open", func() bool { return !running() })
}

// key types a key as the driver does: to the widget with the keyboard,
// or to the window when none has it.
func (h *harness) key(name fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: name}
	if f := h.win.Canvas().Focused(); f != nil {
		f.TypedKey(ev)
		return
	}
	h.win.Canvas().OnTypedKey()(ev)
}

// chooseInPopUp taps the item of the pop-up menu on top that reads text.
func (h *harness) chooseInPopUp(text string) {
	h.t.Helper()
	var item fyne.Tappable
	guitest.Walk(h.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if w, ok := o.(fyne.Tappable); ok {
			guitest.Walk(o, func(in fyne.CanvasObject) {
				if l, ok := in.(*canvas.Text); ok && l.Text == text {
					item = w
				}
			})
		}
	})
	if item == nil {
		h.t.Fatalf("no %q in the pop-up", text)
	}
	test.Tap(item)
}

// TestEscStopsTheBatchAfterUsingALimitList: after a value is chosen from
// the At once list, the speed list or the sort list, the keyboard is in no
// text field and no dialog is open, so Esc stops the batch.
func TestEscStopsTheBatchAfterUsingALimitList(t *testing.T) {
	h := newHarness(t, nil)
	h.paste(strings.Join(h.serveSlow("slow1.bin", "slow2.bin"), "\n"))
	h.waitRows(2)
	uses := []struct {
		name string
		use  func()
	}{
		{"At once", func() { test.Tap(h.ui.settings.concurrency); h.chooseInPopUp("2") }},
		{"Speed", func() { h.ui.settings.speed.showChoices(); h.chooseInPopUp(speedLabel(speedPresets[3])) }},
		{"Sort", func() { test.Tap(h.ui.filter.sort); h.chooseInPopUp("Name") }},
	}
	for _, u := range uses {
		h.ui.batch.Start()
		h.waitCommands()
		if !h.ui.m.Summary().Running {
			t.Fatal("Start did not start the batch")
		}
		u.use()
		if top := h.win.Canvas().Overlays().Top(); top != nil {
			t.Fatalf("%s: the list stayed open", u.name)
		}
		h.key(fyne.KeyEscape)
		h.waitCommands()
		if h.ui.m.Summary().Running {
			t.Errorf("Esc after using %s left the batch running", u.name)
		}
	}
}

// Problem 2: the window fits 800×600, with every row action reachable.
func TestWindowFitsEightHundredPixels(t *testing.T) {
	h := newHarness(t, nil)
	h.paste(strings.Join(h.serve([]string{"a-picture-with-a-rather-long-name-for-the-list.png", "b.png"}, fileBody), "\n"))
	h.waitRows(2)
	h.ui.batch.showProxy("Through the proxy proxy.office.example.com:3128")
	min := h.win.Content().MinSize()
	if min.Width > 800 || min.Height > 600 {
		t.Fatalf("the window needs at least %v, more than 800×600", min)
	}
	for _, size := range []fyne.Size{{Width: 800, Height: 600}, {Width: 1366, Height: 768}} {
		h.win.Resize(size)
		h.win.Content().Refresh()
		u := h.view0()
		r := h.row(u.URL)
		inside := func(o fyne.CanvasObject) bool {
			pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(o)
			return o.Visible() && pos.X >= 0 && pos.X+o.Size().Width <= size.Width+1 && o.Size().Width > 0
		}
		for name, o := range map[string]fyne.CanvasObject{
			"row menu": r.actions, "row pause": r.pause, "status": r.status, "name": r.title,
			"Open folder": h.ui.batch.openFolder, "list menu": h.ui.batch.more,
			"More…": h.ui.settings.more, "folder": h.ui.settings.change,
		} {
			if !inside(o) {
				t.Errorf("at %v, %s is cut off or hidden (at %v, %v wide)", size, name,
					fyne.CurrentApp().Driver().AbsolutePositionForObject(o), o.Size().Width)
			}
		}
		if name := "a-picture-with-a-rather-"; r.title.Size().Width < fyne.MeasureText(name, theme.TextSize(), fyne.TextStyle{}).Width {
			t.Errorf("at %v the name column (%.0f px) shows less than %q", size, r.title.Size().Width, name)
		}
	}
	h.press(fyne.KeyComma, ctrl)
	for _, w := range []fyne.CanvasObject{h.ui.settings.perHost, h.ui.settings.retries, h.ui.settings.exists} {
		if fyne.CurrentApp().Driver().CanvasForObject(w) == nil {
			t.Error("a setting that left the main row is not in More settings")
		}
	}
}

func (h *harness) view0() rowView { return h.ui.rowView(0) }

// TestRowMenusFitTheSmallestWindow: a row's menu lists only what applies
// to the row now, whatever its state, and fits a window 600 pixels tall.
func TestRowMenusFitTheSmallestWindow(t *testing.T) {
	h := newHarness(t, map[string]int{prefRetries: 0})
	h.win.Resize(fyne.NewSize(800, 600))
	saved := h.serve([]string{"saved.png"}, fileBody)[0]
	gone := h.serve([]string{"gone.png"}, fileBody, downloadtest.Status(404))[0]
	waiting := h.serve([]string{"waiting.png"}, fileBody)[0]
	h.paste(saved + "\n" + gone)
	h.waitRows(2)
	h.ui.batch.Start()
	h.waitTotals("1 saved · 0 skipped · 1 failed")
	h.ui.batch.Stop()
	h.paste(waiting)
	h.waitRows(3)
	for _, link := range []string{saved, gone, waiting} {
		m := h.row(link).menu()
		for _, it := range m.Items {
			if it.Disabled {
				t.Errorf("the menu of %s offers %q greyed out", link, it.Label)
			}
		}
		if tall := widget.NewPopUpMenu(m, h.win.Canvas()).MinSize().Height; tall > 560 {
			t.Errorf("the menu of %s is %.0f px tall", link, tall)
		}
	}
}

// Problem 3: rows show the file name at once, the full status in the
// details line, tooltips on icon buttons, and "Show" is a real button.
func TestRowsReadWell(t *testing.T) {
	h := newHarness(t, map[string]int{prefRetries: 0})
	link := h.serve([]string{"gone.png"}, fileBody, downloadtest.Status(404))[0] + "?session=12345678901234567890"
	h.paste(link + "\nnot a link")
	h.waitRows(1)
	r := h.row(link)
	if r.title.Text != "gone.png" {
		t.Errorf("before the download the row is called %q, want the file name", r.title.Text)
	}
	if h.ui.intake.show.Importance == widget.LowImportance {
		t.Error("[Show] looks like plain text")
	}
	h.ui.batch.Start()
	h.waitState(link, downloader.Failed)
	h.ui.list.Select(0)
	d := h.ui.detail
	if d.Wrapping != fyne.TextWrapWord || d.Truncation != fyne.TextTruncateOff ||
		!strings.Contains(d.Text, "Not found (404)") || !strings.Contains(d.Text, link) {
		t.Errorf("details line %q (wrapping %v) does not show the whole status and link", d.Text, d.Wrapping)
	}
	for _, b := range r.buttons() {
		if b.Text == "" && b.Tip() == "" {
			t.Error("an icon button has no tooltip")
		}
	}
	r.retry.MouseIn(nil)
	h.pump("the Retry button's tip", func() bool { return h.ui.tips.Shown() != "" })
	if got := h.ui.tips.Shown(); got != "Try this download again" {
		t.Errorf("the Retry button's tip reads %q", got)
	}
	r.retry.MouseOut()
	if h.ui.tips.Shown() != "" {
		t.Error("the tip stayed after the pointer left")
	}
	if !strings.Contains(h.ui.batch.start.Tip(), "Ctrl+Enter") {
		t.Errorf("Start's tip %q does not give its key", h.ui.batch.start.Tip())
	}
}

// Problem 4: states are described truly.
func TestStatesAreDescribedTruly(t *testing.T) {
	h := newHarness(t, map[string]int{prefRetries: 0, prefConcurrency: 1})
	slow := h.serveSlow("slow.bin")[0]
	gone := h.serve([]string{"gone.png"}, fileBody, downloadtest.Status(404))[0]
	later := h.serve([]string{"later.png"}, fileBody)[0]
	h.paste(strings.Join([]string{slow, gone, later}, "\n"))
	h.waitRows(3)
	if got := h.row(later).status.Text; got != "Not started; press Start" {
		t.Errorf("before Start a row says %q", got)
	}
	h.ui.batch.Start()
	h.pump("some bytes", func() bool { v, _ := h.view(slow); return v.Size != "" && v.State == downloader.Active })
	h.ui.batch.Stop()
	h.pump("stopped rows", func() bool { return h.row(slow).status.Text == "Stopped; Start resumes it" })
	if got := h.row(later).status.Text; got == "Waiting its turn" {
		t.Errorf("after Stop a row still says %q", got)
	}

	h.ui.m.Controls().Cancel(h.ui.rowView(0).ID)
	h.ui.batch.Start()
	h.waitTotals("1 saved · 0 skipped · 1 failed · 0 left")
	if h.ui.batch.stop.Disabled() == false {
		t.Error("Stop is enabled although everything is finished")
	}
	r := h.row(gone)
	test.Tap(r.retry)
	if r.status.Text != "Trying again…" || !r.retry.Disabled() {
		t.Errorf("after Retry the row says %q", r.status.Text)
	}
	h.pump("failed again", func() bool {
		return strings.HasPrefix(h.row(gone).status.Text, "Failed again (tried 2 times): Not found (404)")
	})
	if r.retry.Disabled() {
		t.Error("Retry stays greyed out after the second failure")
	}
}

// Problem 4: "press Start to continue" goes once Start is pressed.
func TestResumeHintGoesAfterStart(t *testing.T) {
	h := newHarness(t, nil)
	h.paste(strings.Join(h.serveSlow("s1.bin"), "\n"))
	h.waitRows(1)
	h.reopen()
	h.waitRows(1)
	if !strings.HasSuffix(h.ui.intake.label.Text, "press Start to continue") {
		t.Fatalf("intake line after reopening = %q", h.ui.intake.label.Text)
	}
	h.press(fyne.KeyReturn, ctrl)
	h.pump("the hint gone", func() bool { return !strings.Contains(h.ui.intake.label.Text, "press Start") })
}

// Problem 4: the batch's time left counts links whose size is not known yet.
func TestTimeLeftCountsLinksNotStarted(t *testing.T) {
	s := downloader.Summary{Total: 8100, Done: 40, Active: 8, Queued: 8052, Running: true, Speed: 392_000,
		Sized: 48, Unsized: 8052, Expected: 48 * 2000, Bytes: 40*2000 + 8*1000}
	v := newTotalsView(s)
	if !strings.Contains(v.Text, "8,060 left · 392 kB/s · about 41 s left") {
		t.Errorf("totals = %q", v.Text)
	}
}

// Problem 5: lowering "At once" sends extra running downloads back to the queue.
func TestLoweringAtOnceAppliesAtOnce(t *testing.T) {
	h := newHarness(t, map[string]int{prefConcurrency: 4})
	urls := h.serveSlow("l1.bin", "l2.bin", "l3.bin", "l4.bin")
	h.paste(strings.Join(urls, "\n"))
	h.waitRows(4)
	h.ui.batch.Start()
	h.pump("four running", func() bool { return h.ui.totals.Summary().Active == 4 })
	h.ui.settings.concurrency.SetSelected("1")
	if got := h.ui.intake.label.Text; got != "3 downloads went back to the queue; they will continue from where they stopped" {
		t.Errorf("intake line = %q", got)
	}
	h.pump("one running, three queued", func() bool { s := h.ui.totals.Summary(); return s.Active == 1 && s.Queued == 3 })
	h.ui.settings.concurrency.SetSelected("4")
	h.pump("four running again", func() bool { return h.ui.totals.Summary().Active == 4 })
}

// Problem 6: a folder that cannot be used is explained when it is chosen.
func TestUnusableFolderIsExplainedWhenChosen(t *testing.T) {
	h := newHarness(t, nil)
	file := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	h.ui.settings.setFolder(filepath.Join(file, "sub"))
	s := h.ui.settings
	if h.ui.m.Dir() != h.dir || s.folder.Path() != h.dir {
		t.Errorf("an unusable folder was taken: %q", h.ui.m.Dir())
	}
	if s.problem.trouble != folderUnusable || !strings.Contains(s.problem.message(), "Choose another folder") {
		t.Errorf("problem %+v: %q", s.problem, s.problem.message())
	}
	if got := folderProblemOf("/x", os.ErrPermission).message(); got != "Haul cannot save files in /x: this folder is read-only or belongs to someone else. Choose another folder." {
		t.Errorf("read-only message %q", got)
	}
	choose := findButton(s.problemDlg, "Choose another folder…")
	test.Tap(choose)
	if h.ui.chooser == nil || !h.ui.chooser.folders {
		t.Fatal("Choose another folder… did not open the folder chooser")
	}
	h.ui.chooser.dlg.Hide()

	if p := checkFolder(t.TempDir(), 1<<60); p.trouble != folderNoSpace || !strings.Contains(p.message(), "free") {
		t.Errorf("a folder without room: %+v %q", p, p.message())
	}
	good := t.TempDir()
	h.ui.settings.setFolder(good)
	if h.ui.m.Dir() != good {
		t.Errorf("a good folder was refused")
	}
}

// findButton finds a button by its text in a dialog.
func findButton(d interface{ Show() }, text string) *widget.Button {
	var found *widget.Button
	c := fyne.CurrentApp().Driver().AllWindows()
	for _, w := range c {
		for _, o := range w.Canvas().Overlays().List() {
			guitest.Walk(o, func(o fyne.CanvasObject) {
				if b, ok := o.(*widget.Button); ok && b.Text == text {
					found = b
				}
			})
		}
	}
	return found
}

// Problem 8: Ctrl+Q and Ctrl+W close the window and keep the list.
func TestCtrlQAndCtrlWKeepTheList(t *testing.T) {
	for _, key := range []fyne.KeyName{fyne.KeyQ, fyne.KeyW} {
		t.Run(string(key), func(t *testing.T) {
			h := newHarness(t, nil)
			h.paste(strings.Join(h.serve([]string{"q1.png", "q2.png"}, fileBody), "\n"))
			h.waitRows(2)
			h.press(key, ctrl)
			if h.ui.ctx.Err() == nil {
				t.Fatal("the window did not close")
			}
			h.open()
			h.waitRows(2)
		})
	}
}

// Saved pictures show a thumbnail read from the saved file.
func TestSavedPicturesShowThumbnails(t *testing.T) {
	h := newHarness(t, nil)
	url := h.serve([]string{"thumb.png"}, fileBody)[0]
	h.paste(url)
	h.waitRows(1)
	h.ui.batch.Start()
	h.waitState(url, downloader.Done)
	h.pump("the thumbnail", func() bool { return h.row(url).thumb.Visible() })
	r := h.row(url)
	if r.thumb.Image == nil || r.icon.Visible() {
		t.Error("the thumbnail did not replace the state icon")
	}
	if hits := h.srv.Hits("/thumb.png"); hits != 1 {
		t.Errorf("the picture was fetched %d times; the thumbnail must come from the saved file", hits)
	}
}

// Filter tabs with counts, a search and a sort order.
func TestFilterTabsSearchAndSort(t *testing.T) {
	h := newHarness(t, map[string]int{prefRetries: 0})
	good := h.serve([]string{"zebra.png", "apple.png"}, fileBody)
	bad := h.serve([]string{"missing.png"}, fileBody, downloadtest.Status(404))[0]
	later := h.serve([]string{"later.png"}, fileBody)[0]
	h.paste(strings.Join(append(good, bad, later), "\n"))
	h.waitRows(4)
	h.ui.m.Controls().Cancel(h.row(later).view.ID)
	h.ui.batch.Start()
	h.waitTotals("2 saved · 0 skipped · 1 failed · 0 left")
	f := h.ui.filter
	want := []string{"All (4)", "Left (0)", "Failed (1)", "Finished (3)"}
	for g, tab := range f.tabs {
		if tab.Text != want[g] {
			t.Errorf("tab %d reads %q, want %q", g, tab.Text, want[g])
		}
	}
	shown := func() []string {
		var out []string
		for i := range h.ui.list.Length() {
			out = append(out, h.ui.rowView(f.model(i)).name())
		}
		return out
	}
	test.Tap(f.tabs[groupFailed])
	if got := shown(); len(got) != 1 || got[0] != "missing.png" {
		t.Errorf("Failed tab shows %v", got)
	}
	test.Tap(f.tabs[groupDone])
	if got := strings.Join(shown(), " "); got != "zebra.png apple.png later.png" {
		t.Errorf("Done tab shows %s, want the saved and the canceled", got)
	}
	test.Tap(f.tabs[groupAll])
	test.Type(f.search, "APP")
	if got := shown(); len(got) != 1 || got[0] != "apple.png" {
		t.Errorf("search shows %v", got)
	}
	f.search.SetText("")
	f.sort.SetSelected("Name")
	if got := strings.Join(shown(), " "); got != "apple.png later.png missing.png zebra.png" {
		t.Errorf("sorted by name: %s", got)
	}
	h.ui.list.Select(0)
	if !strings.Contains(h.ui.detail.Text, "apple.png") {
		t.Errorf("selecting the first sorted row shows %q", h.ui.detail.Text)
	}
}

// Ctrl+click, Shift+click and Ctrl+A pick rows; the right-click menu acts on all of them.
func TestPickRowsAndActOnThemAll(t *testing.T) {
	h := newHarness(t, nil)
	urls := h.serveSlow("p1.bin", "p2.bin", "p3.bin", "p4.bin")
	h.paste(strings.Join(urls, "\n"))
	h.waitRows(4)
	down := func(url string, mod fyne.KeyModifier) {
		h.row(url).MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary, Modifier: mod})
	}
	down(urls[0], 0)
	down(urls[2], fyne.KeyModifierShift)
	down(urls[1], ctrl)
	if got := len(h.ui.picked.ids); got != 2 || !h.row(urls[0]).mark.Visible() || h.row(urls[1]).mark.Visible() {
		t.Fatalf("picked %d rows after click, Shift+click and Ctrl+click", got)
	}
	m := h.row(urls[0]).menu()
	if m.Items[0].Label != "Pause 2 downloads" {
		t.Errorf("menu on the picked rows, waiting their turn, starts with %q", m.Items[0].Label)
	}
	menuEntry(t, m, "Copy 2").Action()
	if got := h.app.Clipboard().Content(); got != urls[0]+"\n"+urls[2]+"\n" {
		t.Errorf("copied %q", got)
	}
	menuEntry(t, m, "Pause 2").Action()
	h.pump("two paused", func() bool { return h.ui.totals.Summary().Paused == 2 })
	h.win.Canvas().(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutSelectAll{})
	if len(h.ui.picked.ids) != 4 {
		t.Errorf("Ctrl+A picked %d rows", len(h.ui.picked.ids))
	}
}

// Tab moves through the window as it reads: the commands at the top, the
// settings, the filter, the list, then the batch controls.
func TestTabOrderFollowsReadingOrder(t *testing.T) {
	h := newHarness(t, nil)
	h.paste(h.serve([]string{"tab.png"}, fileBody)[0])
	h.waitRows(1)
	c := h.win.Canvas()
	var order []fyne.Focusable
	for range 40 {
		test.FocusNext(c)
		order = append(order, c.Focused())
	}
	at := func(f fyne.Focusable) int {
		for i, o := range order {
			if o == f {
				return i
			}
		}
		return -1
	}
	steps := []fyne.Focusable{h.ui.paste, h.ui.openList, h.ui.find, h.ui.settings.change, h.ui.settings.concurrency,
		h.ui.filter.tabs[groupAll], h.ui.filter.search, h.ui.list, h.ui.batch.start}
	for i := 1; i < len(steps); i++ {
		if a, b := at(steps[i-1]), at(steps[i]); a < 0 || b < 0 || a > b {
			t.Errorf("Tab reaches step %d at %d, after step %d at %d", i-1, a, i, b)
		}
	}
}

// TestShortcutsWorkWithTheKeyboardInTheList checks that clicking a row
// selects it and gives the list the keyboard, where Ctrl+Enter still starts
// the batch and Esc then stops it.
func TestShortcutsWorkWithTheKeyboardInTheList(t *testing.T) {
	h := newHarness(t, nil)
	urls := h.serve([]string{"a.png", "b.png"}, fileBody, downloadtest.Throttle(10_000))
	h.paste(strings.Join(urls, "\n"))
	h.waitRows(2)
	test.Tap(h.row(urls[1]))
	if h.win.Canvas().Focused() != h.ui.list || !strings.Contains(h.ui.detail.Text, urls[1]) {
		t.Fatalf("clicking a row: keyboard in %T, details %q", h.win.Canvas().Focused(), h.ui.detail.Text)
	}
	h.ui.list.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyReturn, Modifier: ctrlKey})
	h.pump("the batch running", func() bool { return h.ui.totals.Summary().Running })
	h.ui.list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	h.pump("the batch stopped", func() bool { return !h.ui.totals.Summary().Running })
}

// TestShortcutsWorkWithTheKeyboardInATextBox: with the keyboard in the
// search box, Ctrl+Enter still starts the batch and Ctrl+A still selects
// the box's text; with it in the speed field, Ctrl+Shift+S stops.
func TestShortcutsWorkWithTheKeyboardInATextBox(t *testing.T) {
	h := newHarness(t, nil)
	urls := h.serve([]string{"a.png", "b.png"}, fileBody, downloadtest.Throttle(10_000))
	h.paste(strings.Join(urls, "\n"))
	h.waitRows(2)
	search := h.ui.filter.search
	h.win.Canvas().Focus(search)
	test.Type(search, "png")
	search.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyReturn, Modifier: ctrlKey})
	h.pump("the batch running", func() bool { return h.ui.totals.Summary().Running })
	search.TypedShortcut(&fyne.ShortcutSelectAll{})
	if got := search.SelectedText(); got != "png" {
		t.Errorf("Ctrl+A in the search box selected %q, want its text", got)
	}
	speed := h.ui.settings.speed
	h.win.Canvas().Focus(speed)
	speed.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: ctrlShiftKey})
	h.pump("the batch stopped", func() bool { return !h.ui.totals.Summary().Running })
}
