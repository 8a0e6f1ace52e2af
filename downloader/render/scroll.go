package render

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/chromedp/chromedp"

	"haul/downloader/pages"
)

// pollEvery is how often a loading screen is looked at.
const pollEvery = 200 * time.Millisecond

// maxScreenWait bounds the wait for one screen to settle, for pages that
// never stop changing (a clock, an animation).
const maxScreenWait = 15 * time.Second

// fingerprintJS reads cheaply whether the page is still changing.
const fingerprintJS = `[document.documentElement.scrollHeight, document.images.length,
  Array.from(document.images).filter(i => i.complete).length].join(",")`

// pageJS reads the page as it now stands: its markup and the address of
// every picture it shows.
const pageJS = `({html: document.documentElement.outerHTML,
  shown: Array.from(document.images, i => i.currentSrc || i.src),
  height: document.documentElement.scrollHeight,
  bottom: window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2})`

// scrollJS scrolls one screen down.
const scrollJS = `window.scrollBy(0, window.innerHeight); true`

// pageState is what pageJS reads.
type pageState struct {
	HTML  string   `json:"html"`
	Shown []string `json:"shown"`
	// Height is the page's height; Bottom says the screen is at its end.
	Height float64 `json:"height"`
	Bottom bool    `json:"bottom"`
}

// scroll reads the loaded page, then scrolls a screen at a time, reading
// it again after each, until it stops growing or a limit is reached. A
// screen that brings nothing new counts towards giving up only at the
// page's end: a tall empty area above the place that loads more (a footer
// of space, a trigger far down) is scrolled through, however many screens
// it takes, and a page that grew starts the count again.
func (s *session) scroll(ctx context.Context) ([]pages.Image, error) {
	c := collector{page: s.page, seen: map[string]bool{}}
	maxScreens := s.opts.MaxScreens
	if maxScreens <= 0 {
		maxScreens = DefaultScreens
	}
	quiet, height := 0, 0.0
	for screen := 0; ; screen++ {
		if err := s.settle(ctx); err != nil {
			return c.result(), err
		}
		st, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](pageJS))
		if err != nil {
			return c.result(), err
		}
		grew := c.add(st, s.loadedSoFar())
		if s.opts.Progress != nil {
			s.opts.Progress(len(c.images), screen)
		}
		switch {
		case grew || st.Height > height:
			quiet = 0
		case st.Bottom:
			quiet++
		}
		height = max(height, st.Height)
		if screen >= maxScreens || quiet >= quietScreens || (s.opts.MaxPictures > 0 && len(c.images) >= s.opts.MaxPictures) {
			return c.result(), nil
		}
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](scrollJS)); err != nil {
			return c.result(), err
		}
	}
}

// settle waits until the page has stopped changing for the settle time.
func (s *session) settle(ctx context.Context) error {
	settle := s.opts.Settle
	if settle <= 0 {
		settle = DefaultSettle
	}
	deadline := time.Now().Add(maxScreenWait)
	last, since := "", time.Now()
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for {
		fp, err := chromedp.Run(ctx, chromedp.Evaluate[string](fingerprintJS))
		if err != nil {
			return err
		}
		fp += fmt.Sprintf(",%d", s.loadedCount())
		if fp != last {
			last, since = fp, time.Now()
		}
		if time.Since(since) >= settle || time.Now().After(deadline) {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-tick.C:
		}
	}
}

// loadedSoFar returns the addresses of the images the browser has received.
func (s *session) loadedSoFar() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.order...)
}

// loadedCount returns how many images the browser has received.
func (s *session) loadedCount() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.order)
}

// collector gathers the pictures of every screen.
type collector struct {
	page   *url.URL
	seen   map[string]bool
	images []pages.Image
}

// add reads one screen: the pictures pages.Find finds in its markup, then
// the images the browser loaded that the page does not show (backgrounds,
// and items that a virtual list removed). It reports whether anything new
// was found.
func (c *collector) add(st pageState, loaded []string) bool {
	before := len(c.images)
	found, _, err := pages.Find(strings.NewReader(st.HTML), c.page)
	if err == nil {
		for _, img := range found {
			c.keep(img)
		}
	}
	shown := make(map[string]bool, len(st.Shown))
	for _, u := range st.Shown {
		shown[u] = true
	}
	for _, u := range loaded {
		if !shown[u] {
			c.keep(pages.Image{URL: u, Page: c.page.String(), Source: pages.SourceLoaded})
		}
	}
	return len(c.images) > before
}

// keep adds an image not seen before.
func (c *collector) keep(img pages.Image) {
	if !c.seen[img.URL] {
		c.seen[img.URL] = true
		c.images = append(c.images, img)
	}
}

// result returns the pictures found, tidied as pages.Tidy does.
func (c *collector) result() []pages.Image {
	return pages.Tidy(c.page, c.images)
}

// loadedImages are the pictures the browser received, for a page that
// could not be read.
func (s *session) loadedImages() []pages.Image {
	c := collector{page: s.page, seen: map[string]bool{}}
	c.add(pageState{}, s.loadedSoFar())
	return c.result()
}
