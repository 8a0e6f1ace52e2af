package gui

import (
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"haul/downloader"
	"haul/downloader/downloadtest"
)

const ctrl = fyne.KeyModifierShortcutDefault

func TestPasteStartSavesFilesAndReportsFailures(t *testing.T) {
	tests := []struct {
		name  string
		add   func(h *harness, text string)
		start func(h *harness)
	}{
		{"mouse", func(h *harness, text string) {
			h.app.Clipboard().SetContent(text)
			test.Tap(h.ui.paste)
		}, func(h *harness) { test.Tap(h.ui.batch.start) }},
		{"keyboard", func(h *harness, text string) { h.paste(text) },
			func(h *harness) { h.press(fyne.KeyReturn, ctrl) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, nil)
			good := h.serve([]string{"cat1.png", "cat2.png", "cat3.png"}, fileBody)
			broken := h.serve([]string{"gone.png"}, fileBody, downloadtest.Status(404))[0]
			text := strings.Join(good, "\n") + "\n" + broken + "\n" + good[0] + "\nnot a link at all\n"

			tt.add(h, text)
			if got, want := h.ui.intake.label.Text, "Added 4 links · 1 duplicate skipped · 1 line was not a link"; got != want {
				t.Errorf("intake line = %q, want %q", got, want)
			}
			if !h.ui.intake.show.Visible() {
				t.Error("[Show] is hidden although a line was rejected")
			}
			h.waitRows(4)
			if got := h.ui.totals.label.Text; got != "0 saved · 0 skipped · 0 failed · 4 left" {
				t.Errorf("totals before start = %q", got)
			}

			test.AssertNotificationSent(t, &fyne.Notification{Title: "Haul", Content: "3 saved, 1 failed"}, func() {
				tt.start(h)
				h.waitTotals("3 saved · 0 skipped · 1 failed · 0 left")
			})

			for _, u := range good {
				v, _ := h.view(u)
				r := h.row(u)
				if r.status.Text != "Saved" || r.title.Text != filepath.Base(u) || !r.open.Visible() || r.pause.Visible() {
					t.Errorf("row %s: status %q title %q open %v pause %v", u, r.status.Text, r.title.Text, r.open.Visible(), r.pause.Visible())
				}
				if v.Path != filepath.Join(h.dir, filepath.Base(u)) {
					t.Errorf("row %s saved as %q", u, v.Path)
				}
			}
			if r := h.row(broken); !strings.HasPrefix(r.status.Text, "Not found (404)") || !r.retry.Visible() {
				t.Errorf("broken row: status %q, retry shown %v", r.status.Text, r.retry.Visible())
			}
			saved := h.readSaved()
			if len(saved) != 3 {
				t.Errorf("files on disk: %v", keys(saved))
			}
			for _, n := range []string{"cat1.png", "cat2.png", "cat3.png"} {
				if saved[n] != string(fileBody(n)) {
					t.Errorf("%s on disk differs from the served file", n)
				}
			}
		})
	}
}

func TestPauseAllResumeAndCancelOneRow(t *testing.T) {
	tests := []struct {
		name             string
		pauseAll, resume func(h *harness)
		cancel           func(h *harness, r *row)
	}{
		{"mouse",
			func(h *harness) { test.Tap(h.ui.batch.pauseAll) },
			func(h *harness) { test.Tap(h.ui.batch.start) },
			func(h *harness, r *row) { test.Tap(r.cancel) }},
		{"keyboard",
			func(h *harness) { h.press(fyne.KeyP, ctrl) },
			func(h *harness) { h.press(fyne.KeyReturn, ctrl) },
			func(h *harness, r *row) { h.pressSpaceOn(func() fyne.Focusable { return h.row(r.view.URL).cancel }) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, nil)
			big := func(string) []byte { return downloadtest.Data(400_000, 7) }
			// Each file's first answer sends a quarter and hangs until
			// Pause all drops it; the resumed answers for a and b are
			// whole, and c's hangs again until it is canceled. So no file
			// is saved early however slow the machine is.
			urls := h.serve([]string{"a.bin", "b.bin"}, big, downloadtest.StallAfterHeaders(100_000, 1))
			urls = append(urls, h.serve([]string{"c.bin"}, big, downloadtest.StallAfterHeaders(100_000, 2))...)
			h.paste(strings.Join(urls, "\n"))
			h.waitRows(3)
			h.ui.batch.Start()
			h.pump("the three files under way", func() bool {
				items, _ := h.ui.m.Snapshot()
				under := 0
				for _, it := range items {
					if it.State == downloader.Active && it.Bytes > 0 {
						under++
					}
				}
				return under == 3
			})

			tt.pauseAll(h)
			h.waitTotals("0 saved · 0 skipped · 0 failed · 3 left")
			for _, u := range urls {
				h.waitState(u, downloader.Paused)
				if r := h.row(u); r.status.Text != "Paused" || !r.resume.Visible() {
					t.Errorf("row %s after pause all: %q, resume shown %v", u, r.status.Text, r.resume.Visible())
				}
			}

			tt.resume(h)
			h.waitState(urls[2], downloader.Active)
			tt.cancel(h, h.row(urls[2]))
			h.waitState(urls[2], downloader.Canceled)
			if r := h.row(urls[2]); r.status.Text != "Canceled" || !r.retry.Visible() {
				t.Errorf("canceled row: %q, retry shown %v", r.status.Text, r.retry.Visible())
			}
			h.waitTotals("2 saved · 0 skipped · 0 failed · 0 left · 1 canceled")
			saved := h.readSaved()
			if len(saved) != 2 || saved["a.bin"] != string(big("")) || saved["b.bin"] != string(big("")) {
				t.Errorf("files on disk: %v", keys(saved))
			}
		})
	}
}

func TestRetryOneFailedRowAndRetryAllFailed(t *testing.T) {
	tests := []struct {
		name        string
		retryOne    func(h *harness, r *row)
		retryFailed func(h *harness)
	}{
		{"mouse", func(h *harness, r *row) { test.Tap(r.retry) }, func(h *harness) { test.Tap(h.ui.batch.retryFailed) }},
		{"keyboard", func(h *harness, r *row) { h.pressSpaceOn(func() fyne.Focusable { return h.row(r.view.URL).retry }) }, func(h *harness) { h.press(fyne.KeyR, ctrl) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHarness(t, map[string]int{prefRetries: 0})
			urls := h.serve([]string{"x.png", "y.png", "z.png"}, fileBody, downloadtest.FailFirst(1, 500, ""))
			h.paste(strings.Join(urls, "\n"))
			h.ui.batch.Start()
			h.waitTotals("0 saved · 0 skipped · 3 failed · 0 left")
			if r := h.row(urls[0]); !strings.Contains(r.status.Text, "500") {
				t.Errorf("failed row says %q", r.status.Text)
			}

			tt.retryOne(h, h.row(urls[0]))
			h.waitTotals("1 saved · 0 skipped · 2 failed · 0 left")
			if r := h.row(urls[0]); r.status.Text != "Saved" {
				t.Errorf("retried row says %q", r.status.Text)
			}

			tt.retryFailed(h)
			h.waitTotals("3 saved · 0 skipped · 0 failed · 0 left")
			if saved := h.readSaved(); len(saved) != 3 || saved["z.png"] != string(fileBody("z.png")) {
				t.Errorf("files on disk: %v", keys(saved))
			}
		})
	}
}

func TestExportReportCopyFailedAndOpenFolder(t *testing.T) {
	h := newHarness(t, map[string]int{prefRetries: 0})
	good := h.serve([]string{"ok.png"}, fileBody)[0]
	bad := h.serve([]string{"bad.png"}, fileBody, downloadtest.Status(404))[0]
	h.paste(good + "\n" + bad)
	h.press(fyne.KeyReturn, ctrl)
	h.waitTotals("1 saved · 0 skipped · 1 failed · 0 left")

	h.choose(h.ui.batch.copyFailed)
	if got := h.app.Clipboard().Content(); got != bad+"\n" {
		t.Errorf("clipboard = %q, want the failed link", got)
	}

	// Export report… asks where in Haul's own chooser, which takes a typed
	// path; a second report there asks before replacing the first.
	path := filepath.Join(t.TempDir(), "report")
	for i, open := range []func(){func() { h.choose(h.ui.batch.export) }, func() { h.press(fyne.KeyE, ctrl) }} {
		open()
		c := h.ui.chooser
		if c == nil || c.saveName != reportName || c.path.Text != filepath.Join(h.dir, reportName) {
			t.Fatalf("Export report… did not offer to save %s in the download folder", reportName)
		}
		c.path.SetText(path)
		test.Tap(c.ok)
		if i == 1 {
			test.Tap(h.dialogButton("Replace"))
		}
		if h.ui.chooser != nil {
			t.Fatal("the save chooser stayed open")
		}
	}
	path += ".csv"
	if got := h.ui.intake.label.Text; got != "Report saved as "+path {
		t.Errorf("intake line = %q", got)
	}
	rows := readCSV(t, path)
	if len(rows) != 3 || rows[1][0] != good || rows[1][1] != "saved" || rows[2][0] != bad || rows[2][1] != "failed" || rows[2][5] != "404" {
		t.Errorf("report rows: %q", rows)
	}

	for _, open := range []func(){func() { test.Tap(h.ui.batch.openFolder) }, func() { h.press(fyne.KeyO, ctrl|fyne.KeyModifierShift) }} {
		h.opened = ""
		open()
		if h.opened != h.dir {
			t.Errorf("opened %q, want the output folder %q", h.opened, h.dir)
		}
	}
	test.Tap(h.row(good).folder)
	if h.opened != h.dir {
		t.Errorf("Show in folder opened %q", h.opened)
	}
	test.Tap(h.row(good).open)
	if h.opened != filepath.Join(h.dir, "ok.png") {
		t.Errorf("Open file opened %q", h.opened)
	}

	h.choose(h.ui.batch.clearFinished)
	h.waitRows(1)
	h.row(bad) // the failed row stays, with its Retry
	h.choose(h.ui.batch.clearFailed)
	h.waitRows(0)
	if !h.ui.emptyHint.Visible() {
		t.Error("the empty-list hint is hidden after clearing every row")
	}
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(string(b), "\uFEFF"))).ReadAll()
	if err != nil {
		t.Fatalf("report is not CSV: %v", err)
	}
	return rows
}

func keys(m map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestPasteAThousandLinksAndSaveThemAll(t *testing.T) {
	h := newHarness(t, map[string]int{prefConcurrency: 16, prefPerHost: 16})
	names := make([]string, 1000)
	for i := range names {
		names[i] = fmt.Sprintf("photo-%04d.png", i)
	}
	urls := h.serve(names, fileBody)
	h.paste(strings.Join(urls, "\n"))
	if got := h.ui.intake.label.Text; got != "Added 1,000 links" {
		t.Fatalf("intake line = %q", got)
	}
	h.press(fyne.KeyReturn, ctrl)
	h.waitTotals("1,000 saved · 0 skipped · 0 failed · 0 left")
	saved := h.readSaved()
	if len(saved) != 1000 || saved["photo-0999.png"] != string(fileBody("photo-0999.png")) {
		t.Errorf("%d files on disk", len(saved))
	}
}
