package i18n

import "haul/downloader"

// ReportOptions words a CSV report in the translator's language: its
// column names and its error column. The last column stays the reason code
// and machine is for scripts: downloader.ReportHeader's stable names and
// reason codes in the error column.
func ReportOptions(t Translator, bom, machine bool) downloader.ReportOptions {
	opts := downloader.ReportOptions{BOM: bom}
	if machine {
		return opts
	}
	opts.Header = []string{t.X("report.url", nil), t.X("report.state", nil), t.X("report.file", nil),
		t.X("report.bytes", nil), t.X("report.attempts", nil), t.X("report.status", nil), t.X("report.error", nil),
		t.X("report.started", nil), t.X("report.finished", nil), t.X("report.width", nil), t.X("report.height", nil),
		t.X("report.format", nil), t.X("report.original", nil), t.X("report.reason", nil)}
	opts.StateName = func(s downloader.State) string { return stateName(t, s) }
	opts.Explain = func(it downloader.ItemSnapshot) string {
		if it.Err != nil && it.Place != "" {
			return t.X("failed.place", Data{"Place": it.Place, "Problem": Failure(t, it.Err)})
		}
		if it.Err != nil {
			return Failure(t, it.Err)
		}
		return SkipNote(t, it.Note)
	}
	return opts
}

// stateName is a state in words, as a report's state column shows it.
func stateName(t Translator, s downloader.State) string {
	switch s {
	case downloader.Queued:
		return t.X("state.queued", nil)
	case downloader.Active:
		return t.X("state.active", nil)
	case downloader.Waiting:
		return t.X("state.waiting", nil)
	case downloader.Paused:
		return t.X("state.paused", nil)
	case downloader.Done:
		return t.X("state.done", nil)
	case downloader.Failed:
		return t.X("state.failed", nil)
	case downloader.Skipped:
		return t.X("state.skipped", nil)
	case downloader.Canceled:
		return t.X("state.canceled", nil)
	}
	return s.String()
}
