package gui

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"net/url"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/gui/guitest"
)

// harness is a window under the headless test driver. The test goroutine
// plays the UI thread: functions the refresh loop hands over with do are
// queued and run by pump, so widgets are only touched from one goroutine.
type harness struct {
	t     testing.TB
	app   fyne.App
	win   fyne.Window
	ui    *UI
	queue chan func()
	dir   string
	srv   *downloadtest.Server
	cfg   config
	// ticks and applies count the refresh loop's ticks and the updates
	// it applied; rowsBuilt counts the rows given renderers.
	ticks, applies atomic.Int64
	rowsBuilt      int
	// opened is the last link, file or folder handed to the system.
	opened string
}

// extraOptions, when set, changes the engine's options of the harnesses
// a test makes (such as where its connections go).
var extraOptions func(*downloader.Options)

func newHarness(t testing.TB, prefs map[string]int) *harness {
	t.Helper()
	return newHarnessWith(t, prefs, nil)
}

// newHarnessWith is newHarness with the saved list's journal wrapped. The
// app's storage folder (the system temp folder under the test driver) is a
// fresh folder for each test.
func newHarnessWith(t testing.TB, prefs map[string]int, journal func(downloader.Journal) downloader.Journal) *harness {
	t.Helper()
	t.Setenv("TMPDIR", t.TempDir())
	a := test.NewTempApp(t)
	dir := t.TempDir()
	a.Preferences().SetString(prefDir, dir)
	for k, v := range prefs {
		a.Preferences().SetInt(k, v)
	}
	h := &harness{t: t, app: a, queue: make(chan func(), 16), dir: dir, srv: downloadtest.New()}
	t.Cleanup(h.srv.Close)
	h.cfg = config{
		do: func(f func()) { h.queue <- f },
		options: func(o *downloader.Options) {
			o.BackoffBase, o.BackoffMax = 5*time.Millisecond, 20*time.Millisecond
			if extraOptions != nil {
				extraOptions(o)
			}
		},
		journal:  journal,
		archives: t.TempDir(),
		open:     func(u *url.URL) error { h.opened = openedPath(u); return nil },
		probe: probe{
			ticked:   func() { h.ticks.Add(1) },
			applied:  func() { h.applies.Add(1) },
			rowBuilt: func() { h.rowsBuilt++ },
		},
	}
	h.open()
	return h
}

// open opens a new window on the harness's app.
func (h *harness) open() {
	h.win = h.app.NewWindow("")
	h.win.Resize(fyne.NewSize(1280, 800))
	h.ui = newUI(h.app, h.win, h.cfg)
	h.t.Cleanup(h.ui.Close)
}

// reopen closes the window as the user would and opens a new one on the
// same app, as when Haul is quit and started again.
func (h *harness) reopen() {
	h.win.Close()
	h.ui.Close() // as a quit Haul has let its folders go before it starts again
	h.open()
}

// openedPath is what was handed to the system: a file's path, or a link.
func openedPath(u *url.URL) string {
	if u.Scheme == "file" {
		return filepath.FromSlash(u.Path)
	}
	return u.String()
}

// pumpLimit only bounds a hang: the conditions tests wait for do not depend
// on how fast the machine is, so a loaded machine must not fail them.
const pumpLimit = 60 * time.Second

// pump runs what the refresh loop hands over until cond holds.
func (h *harness) pump(what string, cond func() bool) {
	h.t.Helper()
	h.pumpFor(pumpLimit, what, cond)
}

// waitCommands pumps until the batch commands given so far (Start, Pause
// all…) have run: they run off the UI thread, one at a time, in order.
func (h *harness) waitCommands() {
	h.t.Helper()
	ran := make(chan struct{})
	h.ui.command(func() { close(ran) })
	deadline := time.NewTimer(pumpLimit)
	defer deadline.Stop()
	for {
		select {
		case <-ran:
			return
		case f := <-h.queue:
			f()
		case <-deadline.C:
			h.t.Fatal("timed out waiting for the batch commands to run")
		}
	}
}

// await pumps until ch says something: a check of the watched pages asks
// the UI thread for the list's links while the test waits for it.
func (h *harness) await(ch <-chan struct{}) {
	h.t.Helper()
	deadline := time.NewTimer(pumpLimit)
	defer deadline.Stop()
	for {
		select {
		case <-ch:
			return
		case f := <-h.queue:
			f()
		case <-deadline.C:
			h.t.Fatal("timed out waiting")
		}
	}
}

// drain runs the functions handed to the UI thread so far, without
// waiting for more.
func (h *harness) drain() {
	for {
		select {
		case f := <-h.queue:
			f()
		default:
			return
		}
	}
}

// recheck is how often pump asks its condition again while nothing is
// handed over: a condition may come true off the UI thread (a reply, the
// engine's counts) with nothing more for the UI thread to run after it.
const recheck = 10 * time.Millisecond

// pumpFor is pump with a time limit of its own.
func (h *harness) pumpFor(limit time.Duration, what string, cond func() bool) {
	h.t.Helper()
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	again := time.NewTicker(recheck)
	defer again.Stop()
	for !cond() {
		select {
		case f := <-h.queue:
			f()
		case <-again.C:
		case <-deadline.C:
			_ = pprof.Lookup("goroutine").WriteTo(os.Stderr, 1) // where it is stuck, for the record
			h.t.Fatalf("timed out waiting for %s; totals: %q", what, h.ui.totals.label.Text)
		}
	}
}

// waitTotals pumps until the totals line starts with want.
func (h *harness) waitTotals(want string) {
	h.t.Helper()
	h.pump("totals "+want, func() bool { return strings.HasPrefix(h.ui.totals.label.Text, want) })
}

// waitRows pumps until the list shows n rows.
func (h *harness) waitRows(n int) {
	h.t.Helper()
	h.pump(fmt.Sprintf("%d rows", n), func() bool { return h.ui.rows.len() == n })
}

// waitState pumps until the row for url is in state st.
func (h *harness) waitState(url string, st downloader.State) {
	h.t.Helper()
	h.pump(url+" "+st.String(), func() bool { v, ok := h.view(url); return ok && v.State == st })
}

func (h *harness) view(url string) (rowView, bool) {
	for i := range h.ui.rows.len() {
		if v := h.ui.rowView(i); v.URL == url {
			return v, true
		}
	}
	return rowView{}, false
}

// row finds the list row on screen that shows url.
func (h *harness) row(url string) *row {
	h.t.Helper()
	var found *row
	guitest.Walk(h.win.Content(), func(o fyne.CanvasObject) {
		if r, ok := o.(*row); ok && r.view.URL == url {
			found = r
		}
	})
	if found == nil {
		h.t.Fatalf("no row on screen shows %s", url)
	}
	return found
}

// dialogButton is the button of the dialog on top whose text starts with
// prefix; the test fails without one.
func (h *harness) dialogButton(prefix string) *widget.Button {
	h.t.Helper()
	var found *widget.Button
	if top := h.win.Canvas().Overlays().Top(); top != nil {
		guitest.Walk(top, func(o fyne.CanvasObject) {
			if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, prefix) {
				found = b
			}
		})
	}
	if found == nil {
		h.t.Fatalf("no button %q… in the dialog on top", prefix)
	}
	return found
}

// serve registers files and returns their links.
func (h *harness) serve(names []string, body func(name string) []byte, opts ...downloadtest.Option) []string {
	var urls []string
	for _, n := range names {
		h.srv.Handle("/"+n, body(n), opts...)
		urls = append(urls, h.srv.URL("/"+n))
	}
	return urls
}

// paste puts text on the clipboard and presses Ctrl+V.
func (h *harness) paste(text string) {
	h.app.Clipboard().SetContent(text)
	h.win.Canvas().(fyne.Shortcutable).TypedShortcut(&fyne.ShortcutPaste{Clipboard: h.app.Clipboard()})
}

// press types a Ctrl (or Ctrl+Shift) shortcut on the window.
func (h *harness) press(key fyne.KeyName, mod fyne.KeyModifier) {
	h.win.Canvas().(fyne.Shortcutable).TypedShortcut(&desktop.CustomShortcut{KeyName: key, Modifier: mod})
}

// pressSpaceOn moves the keyboard focus with Tab until it reaches target,
// then presses Space, as a keyboard-only user would.
func (h *harness) pressSpaceOn(target func() fyne.Focusable) {
	h.t.Helper()
	c := h.win.Canvas()
	for range 200 {
		test.FocusNext(c)
		if c.Focused() == target() {
			c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
			return
		}
	}
	h.t.Fatal("Tab never reached the button")
}

// fileBody is a small PNG picture, different for each file name.
func fileBody(name string) []byte {
	img := image.NewGray(image.Rect(0, 0, 16, 16))
	copy(img.Pix, name)
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// readSaved returns the files in the output folder with their contents.
func (h *harness) readSaved() map[string]string {
	h.t.Helper()
	return guitest.ReadFiles(h.t, h.dir)
}

// choose picks a menu entry, as a click on it would; it must be enabled.
func (h *harness) choose(it *fyne.MenuItem) {
	h.t.Helper()
	if it.Disabled {
		h.t.Fatalf("menu entry %q is greyed out", it.Label)
	}
	it.Action()
}
