package gui

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/gui/kit"
)

// notifyBatchEnd sends one system notification when a batch has finished.
func (u *UI) notifyBatchEnd(s downloader.Summary) {
	u.app.SendNotification(fyne.NewNotification(appName(u.app.Metadata()), batchEndText(s)))
}

// batchEndText is the notification's text, e.g. "1,942 saved, 12 failed".
func batchEndText(s downloader.Summary) string {
	parts := []string{lang.X("notify.saved", "{{.N}} saved", kit.Data{"N": humanize.Comma(int64(s.Done))})}
	if s.Skipped > 0 {
		parts = append(parts, lang.X("notify.skipped", "{{.N}} skipped", kit.Data{"N": humanize.Comma(int64(s.Skipped))}))
	}
	if s.Failed > 0 {
		parts = append(parts, lang.X("notify.failed", "{{.N}} failed", kit.Data{"N": humanize.Comma(int64(s.Failed))}))
	}
	return strings.Join(parts, lang.X("notify.separator", ", ", nil))
}
