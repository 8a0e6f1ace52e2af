package picker

import (
	"context"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/gui/guitest"
	"haul/gui/kit"
	"haul/gui/thumbnail"
)

// harness is a window under the headless test driver with the pickers of
// an engine that downloads into dir. The test goroutine plays the UI
// thread: what the background hands over with Do is queued and run by pump.
type harness struct {
	t     testing.TB
	win   fyne.Window
	ps    *Pickers
	m     *downloader.Manager
	srv   *downloadtest.Server
	dir   string
	queue chan func()
	// added counts the pictures queued and refused, as the window is told;
	// started how many times the downloads were started.
	added, refused, started int
	notices                 []string
}

func newHarness(t testing.TB) *harness {
	t.Helper()
	kit.UseTranslations()
	a := test.NewTempApp(t)
	h := &harness{t: t, win: a.NewWindow(""), srv: downloadtest.New(), dir: t.TempDir(), queue: make(chan func(), 16)}
	t.Cleanup(h.srv.Close)
	h.win.SetContent(widget.NewLabel(""))
	h.win.Resize(fyne.NewSize(1280, 800))
	h.win.Show()
	h.m = downloader.New(downloader.Options{Dir: h.dir})
	t.Cleanup(h.m.Stop)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	h.ps = New(Host{Ctx: ctx, Win: h.win, Prefs: a.Preferences(), Do: func(f func()) { h.queue <- f },
		Engine: h.m, Thumbs: thumbnail.New(thumbnail.CacheBytes),
		ShowDialog: func(d dialog.Dialog) { d.Show() },
		Added: func(ids []downloader.ID, rejected []downloader.Rejected, _ int) {
			h.added += len(ids)
			h.refused += len(rejected)
		},
		Notice: func(msg string) { h.notices = append(h.notices, msg) },
		Start:  func() { h.started++ }})
	return h
}

// pumpLimit only bounds a hang.
const pumpLimit = 60 * time.Second

// pump runs what the background hands over until cond holds; the engine's
// changes wake it too.
func (h *harness) pump(what string, cond func() bool) {
	h.t.Helper()
	h.pumpFor(pumpLimit, what, cond)
}

// pumpFor is pump with a time limit of its own.
func (h *harness) pumpFor(limit time.Duration, what string, cond func() bool) {
	h.t.Helper()
	deadline := time.NewTimer(limit)
	defer deadline.Stop()
	for !cond() {
		select {
		case f := <-h.queue:
			f()
		case <-h.m.Changes():
		case <-deadline.C:
			h.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// picker is the picker open now, or nil.
func (h *harness) picker() *picker { return h.ps.open }

// finder is the find dialog open now, or nil.
func (h *harness) finder() *finder { return h.ps.finder }

// readSaved returns the files in the download folder by name.
func (h *harness) readSaved() map[string]string {
	h.t.Helper()
	return guitest.ReadFiles(h.t, h.dir)
}

// label is the label of the dialog on top whose text is want, or nil.
func (h *harness) hasLabel(want string) bool {
	found := false
	if top := h.win.Canvas().Overlays().Top(); top != nil {
		guitest.Walk(top, func(o fyne.CanvasObject) {
			if l, ok := o.(*widget.Label); ok && l.Text == want {
				found = true
			}
		})
	}
	return found
}
