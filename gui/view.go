package gui

import (
	"time"

	"fyne.io/fyne/v2/lang"
	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/i18n"
)

// rowView is everything one list row shows, worked out off the UI thread.
// Two views of an unchanged row are equal, so the refresh loop can tell
// which rows need redrawing.
type rowView struct {
	ID    downloader.ID
	State downloader.State
	// Title is the file name, or the link until the name is known.
	Title string
	URL   string
	// Progress is the fraction done, or -1 when the bar is hidden.
	Progress float64
	Size     string
	Speed    string
	Left     string
	// Status says in plain words what is happening.
	Status string
	// Problem is the last error in full, for the detail line.
	Problem string
	// Path is the saved (or existing) file, when there is one.
	Path string
}

// newRowView describes one item as of now.
func newRowView(s downloader.ItemSnapshot, now time.Time) rowView {
	v := rowView{ID: s.ID, State: s.State, Title: s.Name, URL: s.URL, Path: s.Path, Progress: -1}
	if v.Title == "" {
		v.Title = s.URL
	}
	if s.Err != nil {
		v.Problem = i18n.Failure(tr, s.Err)
	}
	if p, ok := s.Progress(); ok && s.State != downloader.Queued && s.State != downloader.Canceled && s.State != downloader.Skipped {
		v.Progress = p
	}
	v.Size = sizeText(s)
	if s.State == downloader.Active {
		if s.Speed >= 1 {
			v.Speed = speedText(s.Speed)
		}
		if d, ok := s.ETA(); ok {
			v.Left = lang.X("row.left", "{{.Time}} left", data{"Time": durationText(d)})
		}
	}
	v.Status = statusText(s, now)
	return v
}

// statusText says what is happening to an item, and why, in plain words.
func statusText(s downloader.ItemSnapshot, now time.Time) string {
	switch s.State {
	case downloader.Queued:
		return lang.L("Waiting its turn")
	case downloader.Active:
		if s.Attempts > 1 {
			return lang.X("row.downloading.try", "Downloading (try {{.Try}})", data{"Try": s.Attempts})
		}
		return lang.L("Downloading")
	case downloader.Waiting:
		return waitingText(s, now)
	case downloader.Paused:
		return lang.L("Paused")
	case downloader.Done:
		return lang.L("Saved")
	case downloader.Failed:
		if s.Err != nil {
			return i18n.Failure(tr, s.Err)
		}
		return lang.L("Failed")
	case downloader.Skipped:
		if !s.Note.IsZero() {
			return lang.X("row.skipped.note", "Skipped: {{.Note}}", data{"Note": i18n.SkipNote(tr, s.Note)})
		}
		return lang.L("Skipped")
	case downloader.Canceled:
		return lang.L("Canceled")
	}
	return ""
}

// waitingText explains why an item waits and when it will be tried again.
func waitingText(s downloader.ItemSnapshot, now time.Time) string {
	in := countdownText(s.RetryAt.Sub(now))
	if s.SlowedDown {
		return lang.X("row.waiting.slow", "Waiting: the site asked us to slow down, retrying in {{.In}}", data{"In": in})
	}
	if s.Err != nil {
		return lang.X("row.waiting.error", "Waiting: {{.Problem}} Retrying in {{.In}}", data{"Problem": i18n.Failure(tr, s.Err), "In": in})
	}
	return lang.X("row.waiting", "Waiting, retrying in {{.In}}", data{"In": in})
}

// sizeText shows how much is saved, and of how much when the size is known.
func sizeText(s downloader.ItemSnapshot) string {
	switch {
	case s.State == downloader.Done:
		return humanize.Bytes(uint64(max(s.Bytes, 0)))
	case s.Bytes > 0 && s.Total > 0:
		return lang.X("row.size.of", "{{.Done}} of {{.Total}}", data{"Done": humanize.Bytes(uint64(s.Bytes)), "Total": humanize.Bytes(uint64(s.Total))})
	case s.Bytes > 0:
		return humanize.Bytes(uint64(s.Bytes))
	case s.Total > 0 && !s.State.Final():
		return humanize.Bytes(uint64(s.Total))
	}
	return ""
}

// speedText shows a speed such as "1.2 MB/s".
func speedText(bytesPerSec float64) string {
	return lang.X("speed", "{{.Size}}/s", data{"Size": humanize.Bytes(uint64(bytesPerSec))})
}

// countdownText shows a short wait as m:ss, rounded up to the second.
func countdownText(d time.Duration) string {
	secs := int((max(d, 0) + time.Second - 1) / time.Second)
	return lang.X("countdown", "{{.Min}}:{{.Sec}}", data{"Min": secs / 60, "Sec": twoDigits(secs % 60)})
}

func twoDigits(n int) string {
	return string([]byte{byte('0' + n/10), byte('0' + n%10)})
}

// durationText shows a time left such as "8 s", "3 min" or "1 h 20 min".
func durationText(d time.Duration) string {
	return i18n.Duration(tr, d)
}
