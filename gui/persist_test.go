package gui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/downloader/links"
	"haul/downloader/queue"
)

func TestQueueComesBackAfterTheWindowIsClosed(t *testing.T) {
	h := newHarness(t, map[string]int{prefRetries: 0, prefConcurrency: 4})
	bodies := map[string][]byte{"done1.png": fileBody("done1.png"), "done2.png": fileBody("done2.png")}
	urls := h.serve([]string{"done1.png", "done2.png"}, fileBody)
	gone := h.serve([]string{"gone.png"}, fileBody, downloadtest.Status(404))[0]
	// The first answer for each big file sends half of it and then hangs
	// until the window is closed, so the two parts are half done when it
	// closes however slow the machine is; the resumed answers are whole.
	for i, name := range []string{"part1.bin", "part2.bin", "held.bin"} {
		bodies[name] = downloadtest.Data(600_000, int64(i+1))
		h.srv.Handle("/"+name, bodies[name], downloadtest.StallAfterHeaders(300_000, 1))
		urls = append(urls, h.srv.URL("/"+name))
	}
	held := urls[4]
	h.paste(strings.Join(append(urls, gone), "\n"))
	h.waitRows(6)
	h.ui.batch.Start()
	h.waitCommands()
	halfDone := func(url string) bool {
		items, _ := h.ui.m.Snapshot()
		for _, it := range items {
			if it.URL == url {
				return it.State == downloader.Active && it.Bytes > 100_000
			}
		}
		return false
	}
	h.pump("the held file half done", func() bool { return halfDone(held) })
	test.Tap(h.row(held).pause)
	h.pump("two saved, one failed and two half done", func() bool {
		sum := h.ui.m.Summary()
		return sum.Done == 2 && sum.Failed == 1 && sum.Paused == 1 && halfDone(urls[2]) && halfDone(urls[3])
	})
	old := h.ui.m
	h.reopen()
	before, _ := old.Snapshot()

	h.waitRows(6)
	if got, want := h.ui.intake.label.Text, "Restored 6 links from last time · press Start to continue"; got != want {
		t.Errorf("intake line = %q, want %q", got, want)
	}
	if h.ui.m.Summary().Running {
		t.Error("the restored list started by itself")
	}
	after, _ := h.ui.m.Snapshot()
	for i, b := range before {
		a := after[i]
		if a.URL != b.URL || a.State != b.State {
			t.Errorf("row %d came back as %s %s, was %s %s", i, a.URL, a.State, b.URL, b.State)
		}
		if b.State == downloader.Queued && a.Bytes == 0 {
			t.Errorf("%s lost its partial file", a.URL)
		}
	}

	h.ui.batch.Start()
	h.waitTotals("5 saved · 0 skipped · 1 failed · 0 left")
	saved := h.readSaved()
	total := 0
	for name, body := range bodies {
		total += len(body)
		if saved[name] != string(body) {
			t.Errorf("%s on disk differs from the served file", name)
		}
	}
	if len(saved) != len(bodies) {
		t.Errorf("files on disk: %v", keys(saved))
	}
	if sent := h.srv.BytesSent(); float64(sent) >= 1.3*float64(total) {
		t.Errorf("the server sent %d bytes for %d bytes of files; resuming should not start over", sent, total)
	}
}

// savedQueue returns the bytes of a valid saved list of n links.
func savedQueue(t *testing.T, n int) []byte {
	t.Helper()
	path := filepath.Join(t.TempDir(), queueFileName)
	store, _, _, err := queue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	recs := make([]downloader.Record, n)
	for i := range recs {
		recs[i] = downloader.Record{URL: fmt.Sprintf("https://example.com/saved-%d.png", i), State: "queued"}
	}
	if err := store.Write(recs, nil); err != nil {
		t.Fatal(err)
	}
	if err := store.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDamagedQueueFileIsReportedAndSetAside(t *testing.T) {
	good := savedQueue(t, 3)
	lines := strings.SplitAfter(string(good), "\n")
	tests := []struct {
		name    string
		content string
		rows    int
		notice  string
		broken  bool
	}{
		{"garbage", "this is not a download list\n{{{\n", 0, "The saved download list was damaged and could not be read; starting with an empty list. A copy was kept as queue.jsonl.broken-", true},
		{"empty", "", 0, "The saved download list was damaged and could not be read", true},
		{"cut in the header", lines[0][:len(lines[0])/2], 0, "The saved download list was damaged and could not be read", true},
		{"bad line in the middle", lines[0] + lines[1] + "#garbage#\n" + strings.Join(lines[2:], ""), 3, "The saved download list was damaged; 3 items were recovered. A copy was kept as queue.jsonl.broken-", true},
		{"torn last line", string(good[:len(good)-10]), 2, "", false},
		{"intact", string(good), 3, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, nil)
			h.ui.Close()
			path := queuePath(h.app)
			write(t, path, tt.content)
			h.reopen()

			h.waitRows(tt.rows)
			if got := h.ui.notice.label.Text; !strings.HasPrefix(got, tt.notice) || (tt.notice == "") != (got == "") {
				t.Errorf("notice = %q, want it to start with %q", got, tt.notice)
			}
			if h.ui.notice.box.Visible() != (tt.notice != "") {
				t.Errorf("notice shown %v for %q", h.ui.notice.box.Visible(), h.ui.notice.label.Text)
			}
			copies, _ := filepath.Glob(path + ".broken-*")
			if (len(copies) == 1) != tt.broken {
				t.Errorf("copies of the damaged list: %q", copies)
			}

			h.reopen()
			h.waitRows(tt.rows)
			if h.ui.notice.box.Visible() {
				t.Errorf("the list was still damaged on the next start: %q", h.ui.notice.label.Text)
			}
		})
	}
}

// failingJournal refuses every write and says when it was asked.
type failingJournal struct{ writes chan struct{} }

func (j failingJournal) Write([]downloader.Record, []string) error {
	j.writes <- struct{}{}
	return errors.New("no space left on the disk")
}

func (j failingJournal) Sync() error { return nil }

func TestSaveErrorIsShownOnce(t *testing.T) {
	writes := make(chan struct{}, 64)
	h := newHarnessWith(t, nil, func(downloader.Journal) downloader.Journal { return failingJournal{writes} })
	h.paste("https://example.com/one.png")
	h.pump("the save error", func() bool { return h.ui.notice.box.Visible() })
	if got, want := h.ui.notice.label.Text, "Could not save the download list: no space left on the disk"; got != want {
		t.Errorf("notice = %q, want %q", got, want)
	}

	test.Tap(h.ui.notice.dismiss)
	for len(writes) > 0 {
		<-writes
	}
	h.paste("https://example.com/two.png")
	<-writes
	h.paste("https://example.com/three.png")
	h.waitRows(3)
	if h.ui.notice.box.Visible() {
		t.Errorf("the same save error was shown again: %q", h.ui.notice.label.Text)
	}
}

func TestCopiedFailedLinksReadBackAsTheSameLinks(t *testing.T) {
	h := newHarness(t, map[string]int{prefRetries: 0})
	paths := []string{"/a b.png", "/img(1).png", "/w_100,h_100/x.png", "/q.png?x=1&y=2", "/ünï.png", "/pct%20.png"}
	var pasted []string
	for _, p := range paths {
		path, _, _ := strings.Cut(p, "?")
		h.srv.Handle(path, nil, downloadtest.Status(404))
		pasted = append(pasted, h.srv.URL(p))
	}
	h.paste(strings.Join(pasted, "\n"))
	h.waitRows(len(paths))
	h.ui.batch.Start()
	h.waitTotals(fmt.Sprintf("0 saved · 0 skipped · %d failed", len(paths)))

	h.choose(h.ui.batch.copyFailed)
	got := links.Extract(h.app.Clipboard().Content())
	items, _ := h.ui.m.Snapshot()
	var want []string
	for _, it := range items {
		want = append(want, it.URL)
	}
	slices.Sort(want)
	slices.Sort(got.Links)
	if !slices.Equal(got.Links, want) || len(got.Problems) > 0 || got.Duplicates > 0 {
		t.Errorf("copied links read back as %q (problems %v), want %q", got.Links, got.Problems, want)
	}
}
