package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"haul/downloader"
)

// stateIcon is the small picture at the start of a row.
func stateIcon(s downloader.State) fyne.Resource {
	switch s {
	case downloader.Active:
		return theme.NewPrimaryThemedResource(theme.DownloadIcon())
	case downloader.Waiting:
		return theme.NewWarningThemedResource(theme.HistoryIcon())
	case downloader.Paused:
		return theme.MediaPauseIcon()
	case downloader.Done:
		return theme.NewSuccessThemedResource(theme.ConfirmIcon())
	case downloader.Failed:
		return theme.NewErrorThemedResource(theme.ErrorIcon())
	case downloader.Skipped:
		return theme.NewDisabledResource(theme.MediaSkipNextIcon())
	case downloader.Canceled:
		return theme.NewDisabledResource(theme.CancelIcon())
	}
	return theme.NewDisabledResource(theme.MoreHorizontalIcon())
}
