package gui

import (
	"strings"

	"fyne.io/fyne/v2/lang"
	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/gui/kit"
)

// applySpeed takes the speed limit the user settled on. Text that is not a
// speed is explained under the settings, and the limit stays as it was, as
// the field shows again.
func (r *settingsRow) applySpeed(text string) {
	bps, ok := parseSpeed(text)
	if !ok {
		r.speedProblem = lang.X("notice.speed",
			"“{{.Text}}” is not a speed Haul understands, so the speed limit is unchanged. Type a number with a unit, such as 500 KB/s or 2 MB/s, or choose unlimited.",
			kit.Data{"Text": text})
		r.ui.notice.set(r.speedProblem)
		r.speed.show(speedLabel(r.limits.BytesPerSec))
		return
	}
	r.ui.notice.withdraw(r.speedProblem)
	if bps != r.limits.BytesPerSec {
		r.limits.BytesPerSec = bps
		r.apply()
	}
}

// applyMaxSize takes the largest file size the user settled on. Text that
// is not a size is explained under the field, and the limit stays as it was.
func (r *settingsRow) applyMaxSize(text string) {
	n, ok := parseMaxSize(text)
	if !ok {
		r.maxSizeProblem.SetText(lang.X("notice.maxsize",
			"“{{.Text}}” is not a size Haul understands, so the largest file size is unchanged. Type a number with a unit, such as 50 MB or 2 GB, or choose No limit.",
			kit.Data{"Text": text}))
		r.maxSizeProblem.Show()
		return
	}
	r.ui.notice.withdraw(r.maxSizeProblem.Text)
	r.maxSizeProblem.Hide()
	if n != r.limits.MaxSize {
		r.limits.MaxSize = n
		r.apply()
	}
}

// closeMore applies a size still being typed as More… closes. A size that
// cannot be read is then told in the window, and the field shows the limit
// in force again.
func (r *settingsRow) closeMore() {
	r.maxSize.commitTyped()
	if !r.maxSizeProblem.Visible() {
		return
	}
	r.ui.notice.set(r.maxSizeProblem.Text)
	r.maxSize.show(maxSizeLabel(r.limits.MaxSize))
	r.maxSizeProblem.Hide()
}

// parseMaxSize reads a largest file size typed by the user: "No limit",
// "500 MB", "2GiB", "750k". Zero means no limit.
func parseMaxSize(s string) (int64, bool) {
	if strings.EqualFold(strings.TrimSpace(s), lang.L("No limit")) {
		return 0, true
	}
	return downloader.ParseSize(s)
}

func maxSizeLabel(n int64) string {
	if n <= 0 {
		return lang.L("No limit")
	}
	return humanize.Bytes(uint64(n))
}

func maxSizeLabels() []string {
	out := make([]string, len(maxSizePresets))
	for i, n := range maxSizePresets {
		out[i] = maxSizeLabel(n)
	}
	return out
}
