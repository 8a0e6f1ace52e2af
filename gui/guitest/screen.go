package guitest

import (
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// Screen is a test window painted the way the desktop driver paints a
// window, for tests of what appears on screen without a click or a key.
// The test driver knows every object's window at once and paints all of
// them whenever asked, so it cannot tell a widget that shows something
// without asking its window to repaint. The desktop driver can: it learns
// which window an object belongs to only when it paints that object
// visible, repaints only after an object it knows asked it to, and then
// paints what is visible. A Screen does the same over a test window: it
// stands in for the current app until the test ends, so widgets reach its
// driver; Frame is one turn of the driver's loop.
type Screen struct {
	fyne.App
	driver *screenDriver
}

// screenDriver is the test driver, except that it knows an object's
// window only once a frame painted the object.
type screenDriver struct {
	fyne.Driver
	canvas *screenCanvas

	mu      sync.Mutex
	known   map[fyne.CanvasObject]bool
	asked   bool
	painted []string
}

// screenCanvas is the test window's canvas, noting that an object asked
// it to repaint.
type screenCanvas struct {
	fyne.Canvas
	driver *screenDriver
}

// NewScreen paints window w of app a as the desktop driver would, until
// the test ends; it paints the window's first frame.
func NewScreen(t testing.TB, a fyne.App, w fyne.Window) *Screen {
	d := &screenDriver{Driver: a.Driver(), known: map[fyne.CanvasObject]bool{}}
	d.canvas = &screenCanvas{Canvas: w.Canvas(), driver: d}
	s := &Screen{App: a, driver: d}
	fyne.SetCurrentApp(s)
	t.Cleanup(func() { fyne.SetCurrentApp(a) })
	d.asked = true
	s.Frame()
	return s
}

// Driver is the driver that knows only what was painted.
func (s *Screen) Driver() fyne.Driver { return s.driver }

// Frame is one turn of the desktop driver's loop: when an object asked
// for it since the last frame, the window is painted again, and every
// object visible now becomes known to it.
func (s *Screen) Frame() {
	d := s.driver
	d.mu.Lock()
	asked := d.asked
	d.asked = false
	d.mu.Unlock()
	if !asked {
		return
	}
	var painted []string
	known := []fyne.CanvasObject{}
	paint := func(o fyne.CanvasObject) {
		known = append(known, o)
		if t, ok := o.(*canvas.Text); ok && t.Text != "" {
			painted = append(painted, t.Text)
		}
	}
	Walk(d.canvas.Content(), paint)
	for _, o := range d.canvas.Overlays().List() {
		Walk(o, paint)
	}
	d.mu.Lock()
	for _, o := range known {
		d.known[o] = true
	}
	d.painted = painted
	d.mu.Unlock()
}

// Shows says whether the last frame painted a text that reads text, on
// one line or wrapped onto the lines painted after it.
func (s *Screen) Shows(text string) bool {
	d := s.driver
	d.mu.Lock()
	defer d.mu.Unlock()
	want := withoutSpace(text)
	for i := range d.painted {
		run := ""
		for _, p := range d.painted[i:] {
			run += withoutSpace(p)
			if run == want {
				return true // on one line, or wrapped onto the lines that follow
			}
			if !strings.HasPrefix(want, run) {
				break
			}
		}
	}
	return false
}

// withoutSpace is s without its white space, where wrapping breaks lines.
func withoutSpace(s string) string {
	return strings.Join(strings.Fields(s), "")
}

// CanvasForObject is the window of an object a frame painted, nil for
// any other.
func (d *screenDriver) CanvasForObject(o fyne.CanvasObject) fyne.Canvas {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.known[o] {
		return d.canvas
	}
	return nil
}

// Refresh notes that the window is to be painted again.
func (c *screenCanvas) Refresh(fyne.CanvasObject) {
	c.driver.mu.Lock()
	c.driver.asked = true
	c.driver.mu.Unlock()
}
