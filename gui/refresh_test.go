package gui

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"haul/downloader"
	"haul/downloader/downloadtest"
)

// trickle serves a body of size bytes a little at a time, every chunk
// moving the download on, and sends what is left only once release is
// closed: the downloads are busy for as long as the test needs them,
// however slow the machine.
func trickle(size int, release <-chan struct{}) http.HandlerFunc {
	const chunk = 1 << 10
	body := downloadtest.Data(size, 3)
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(size))
		pace := time.NewTicker(10 * time.Millisecond)
		defer pace.Stop()
		sent := 0
		for sent < size-chunk {
			select {
			case <-release:
				_, _ = w.Write(body[sent:])
				return
			case <-r.Context().Done():
				return
			case <-pace.C:
				_, _ = w.Write(body[sent : sent+chunk])
				w.(http.Flusher).Flush()
				sent += chunk
			}
		}
		select {
		case <-release:
			_, _ = w.Write(body[sent:])
		case <-r.Context().Done():
		}
	}
}

func TestBusyBatchRefreshesAtMostOncePerTick(t *testing.T) {
	h := newHarness(t, map[string]int{prefConcurrency: 16})
	release := make(chan struct{})
	urls := make([]string, 16)
	for i := range urls {
		path := "/" + string(rune('a'+i)) + ".bin"
		h.srv.HandleFunc(path, trickle(4<<20, release))
		urls[i] = h.srv.URL(path)
	}
	h.paste(strings.Join(urls, "\n"))
	h.waitRows(16)
	h.ui.batch.Start()
	h.pump("16 downloads at once", func() bool { return h.ui.totals.Summary().Active == 16 })

	h.drain()
	ticks, applies := h.ticks.Load(), h.applies.Load()
	h.pump("ten ticks", func() bool { return h.ticks.Load()-ticks >= 10 })
	dt, da := h.ticks.Load()-ticks, h.applies.Load()-applies
	close(release)
	// The refresh of the tick under way when the ticks were first counted
	// may come after that count, so one more than the ticks counted is
	// still one per tick.
	if da > dt+1 {
		t.Errorf("%d refreshes in %d ticks while 16 downloads ran, want at most one per tick", da, dt)
	}
	if da == 0 {
		t.Error("the list was not refreshed while downloads ran")
	}
	h.waitTotals("16 saved")
}

func TestIdleWindowStopsTicking(t *testing.T) {
	h := newHarness(t, nil)
	urls := h.serve([]string{"one.png"}, fileBody)
	h.paste(urls[0])
	h.ui.batch.Start()
	h.waitTotals("1 saved")
	h.pump("the saved picture's thumbnail", func() bool { return len(h.ui.savedThumbs.waiting) == 0 })
	ticks := h.ticks.Load()
	quiet := time.NewTimer(5 * tickInterval)
	defer quiet.Stop()
	select {
	case f := <-h.queue:
		t.Errorf("an idle window was refreshed (%p)", f)
	case <-quiet.C:
	}
	if n := h.ticks.Load() - ticks; n > 1 {
		t.Errorf("an idle window ticked %d times in %v", n, 5*tickInterval)
	}
}

func TestRefresherSendsOnlyChangedRows(t *testing.T) {
	m := downloader.New(downloader.Options{Dir: t.TempDir()})
	r := refresher{m: m}
	var model rowModel
	m.Add("https://example.com/a.png", "https://example.com/b.png")
	upd, moving := r.pull()
	if !upd.reset || len(upd.rows) != 2 || moving {
		t.Fatalf("first pull: reset %v, %d items, moving %v", upd.reset, len(upd.rows), moving)
	}
	model.apply(upd)
	if upd, _ := r.pull(); !upd.empty() {
		t.Errorf("a pull with nothing changed is not empty: %+v", upd)
	}
	ids, _ := m.Add("https://example.com/c.png")
	upd, _ = r.pull()
	if upd.reset || len(upd.rows) != 1 || upd.rows[0].id != ids[0] || !model.apply(upd) || model.len() != 3 {
		t.Fatalf("adding a link: reset %v, %d items, %d rows", upd.reset, len(upd.rows), model.len())
	}
	m.Controls().Pause(ids[0])
	upd, _ = r.pull()
	if upd.reset || len(upd.rows) != 1 || model.apply(upd) || model.at(2).State != downloader.Paused {
		t.Errorf("pausing one item: %+v, row %+v", upd, model.at(2))
	}
	m.Controls().Cancel(ids[0])
	m.Controls().ClearFinished()
	upd, _ = r.pull()
	if len(upd.removed) != 1 || !model.apply(upd) || model.len() != 2 {
		t.Errorf("clearing the canceled item: %+v, %d rows", upd, model.len())
	}
}

// TestListRefreshBuildsNoHiddenRows checks that refreshing the list draws
// the rows on screen again without building a renderer for the template
// row the list measures on each refresh.
func TestListRefreshBuildsNoHiddenRows(t *testing.T) {
	h := newHarness(t, nil)
	urls := h.serve([]string{"a.png", "b.png", "c.png"}, fileBody)
	h.paste(strings.Join(urls, "\n"))
	h.waitRows(3)
	h.ui.list.Refresh()
	built := h.rowsBuilt
	for range 20 {
		h.ui.list.Refresh()
	}
	if n := h.rowsBuilt - built; n != 0 {
		t.Errorf("20 refreshes of the list built %d row renderers, want none", n)
	}
	if h.row(urls[2]) == nil {
		t.Error("the third row is not on screen")
	}
}

// TestRefresherSeesTheEndOfABatchItNeverSawRun pulls before Start and
// again only once the whole batch is done, as a loaded machine may: the
// end of the batch is still seen, once, so its notice and the action
// chosen for its end (quit, sleep, shut down) happen.
func TestRefresherSeesTheEndOfABatchItNeverSawRun(t *testing.T) {
	srv := downloadtest.New()
	t.Cleanup(srv.Close)
	srv.Handle("/a.png", fileBody("a.png"))
	m := downloader.New(downloader.Options{Dir: t.TempDir()})
	t.Cleanup(m.Stop)
	r := refresher{m: m}
	m.Add(srv.URL("/a.png"))
	if upd, _ := r.pull(); upd.ended != nil {
		t.Fatal("a batch not started is said to have ended")
	}
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	if sum := m.Wait(); sum.Done != 1 {
		t.Fatalf("the batch ended with %+v, want 1 saved", sum)
	}
	upd, moving := r.pull()
	if upd.ended == nil || upd.ended.Done != 1 || moving {
		t.Fatalf("the pull after the batch: ended %+v, moving %v; want its end with 1 saved", upd.ended, moving)
	}
	if upd, _ := r.pull(); upd.ended != nil {
		t.Error("the end of one batch is said twice")
	}
}
