package gui

import (
	"context"
	"crypto/sha256"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
	"github.com/dustin/go-humanize"

	"haul/downloader/links"
	"haul/gui/kit"
)

// prefWatchClipboard remembers whether the clipboard is watched.
const prefWatchClipboard = "clipboard.watch"

// clipboardPoll is how often a watched clipboard is looked at.
const clipboardPoll = time.Second

// clipWatcher offers the links copied anywhere while "Watch the clipboard"
// is on: a bar says "5 links copied" with Add and Dismiss. Nothing is added
// without a click, and a text is offered once, however often it is copied.
// It touches the clipboard and its widgets only on the UI thread.
type clipWatcher struct {
	ui    *UI
	check *kit.EscCheck
	label *kit.TipLabel
	bar   *fyne.Container
	// seen is the hash of the clipboard's text when last looked at.
	seen [sha256.Size]byte
	// offered is the text on offer in the bar.
	offered string
	stop    context.CancelFunc
}

func newClipWatcher(u *UI) *clipWatcher {
	c := &clipWatcher{ui: u, label: kit.NewTipLabel()}
	add := widget.NewButton(lang.L("Add"), c.add)
	add.Importance = widget.HighImportance
	dismiss := widget.NewButton(lang.L("Dismiss"), c.dismiss)
	c.bar = container.NewBorder(nil, nil, nil, container.NewHBox(add, dismiss), c.label)
	c.bar.Hide()
	c.check = kit.NewEscCheck(lang.L("Watch the clipboard and offer the links I copy"), c.setWatching)
	return c
}

// start watches the clipboard when the user left it on last time.
func (c *clipWatcher) start() {
	if c.ui.prefs.BoolWithFallback(prefWatchClipboard, false) {
		c.check.SetChecked(true)
	}
}

// setWatching turns watching on or off and remembers the choice. What the
// clipboard holds when watching starts is not offered.
func (c *clipWatcher) setWatching(on bool) {
	c.ui.prefs.SetBool(prefWatchClipboard, on)
	if c.stop != nil {
		c.stop()
		c.stop = nil
	}
	if !on {
		c.dismiss()
		return
	}
	c.seen = sha256.Sum256([]byte(c.ui.app.Clipboard().Content()))
	ctx, stop := context.WithCancel(c.ui.ctx)
	c.stop = stop
	go c.poll(ctx)
}

// poll looks at the clipboard on the UI thread every clipboardPoll.
func (c *clipWatcher) poll(ctx context.Context) {
	t := time.NewTicker(clipboardPoll)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			c.ui.do(c.look)
		}
	}
}

// look offers the clipboard's links when its text is new.
func (c *clipWatcher) look() {
	if !c.check.Checked {
		return
	}
	text := c.ui.app.Clipboard().Content()
	sum := sha256.Sum256([]byte(text))
	if sum == c.seen {
		return
	}
	c.seen = sum
	n := len(links.Extract(text).Links)
	if n == 0 {
		return
	}
	c.offered = text
	c.label.SetText(lang.XN("clipboard.offer", "{{.N}} links copied", n, kit.Data{"N": humanize.Comma(int64(n))}))
	c.showBar(true)
}

// showBar shows or hides the bar and lays the window out again, so the
// rows below move to make room for it.
func (c *clipWatcher) showBar(show bool) {
	if c.bar.Visible() == show {
		return
	}
	kit.Visible(c.bar, show)
	if content := c.ui.win.Content(); content != nil {
		content.Refresh()
	}
}

// pasted notes text added with Paste, so it is not offered again.
func (c *clipWatcher) pasted(text string) {
	c.seen = sha256.Sum256([]byte(text))
	if text == c.offered {
		c.dismiss()
	}
}

// add queues the links on offer.
func (c *clipWatcher) add() {
	text := c.offered
	c.dismiss()
	c.ui.intake.AddText(text)
}

// dismiss hides the bar without adding anything.
func (c *clipWatcher) dismiss() {
	c.offered = ""
	c.showBar(false)
}
