package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/i18n"
)

// maxFailureLines is how many failed links the summary lists one by one.
const maxFailureLines = 20

// stoppedMessage ends the summary of an interrupted run that skips files
// already in the folder, so running it again continues where it stopped.
func stoppedMessage() string { return tr().X("cli.stopped", nil) }

// stoppedRedownloadMessage ends the summary of an interrupted run that would
// download the saved files again if repeated as is.
func stoppedRedownloadMessage() string { return tr().X("cli.stopped.redownload", nil) }

// outcome is what a finished or stopped run reports.
type outcome struct {
	// items are every item when a report is written, else the failed ones.
	items     []downloader.ItemSnapshot
	saved     int64 // bytes of the files saved
	originals int   // files saved as the original of the small picture linked
	sum       downloader.Summary
	elapsed   time.Duration
	stopped   bool
	report    string // the -report file, if any
	reportBOM bool
	// reportMachine writes stable column names and reason codes.
	reportMachine bool
	policy        downloader.ExistsPolicy
}

// writeSummary prints the totals, the failed links and, after an
// interruption, how to continue.
func writeSummary(w io.Writer, o outcome) {
	s := o.sum
	fmt.Fprint(w, tr().X("cli.summary", i18n.Data{"Done": s.Done, "Skipped": s.Skipped, "Failed": s.Failed, "Canceled": s.Canceled}))
	if s.Left() > 0 {
		fmt.Fprint(w, tr().X("cli.summary.left", i18n.Data{"N": s.Left()}))
	}
	fmt.Fprintln(w, tr().X("cli.summary.size", i18n.Data{"Size": humanize.Bytes(uint64(o.saved)), "Time": formatElapsed(o.elapsed)}))
	if o.originals > 0 {
		fmt.Fprintln(w, tr().X("cli.summary.originals", i18n.Data{"N": o.originals}))
	}
	writeFailures(w, o)
	switch {
	case o.stopped && o.policy == downloader.SkipExisting:
		fmt.Fprintln(w, stoppedMessage())
	case o.stopped:
		fmt.Fprintln(w, stoppedRedownloadMessage())
	}
}

// writeFailures lists the failed links with their reasons, up to maxFailureLines.
func writeFailures(w io.Writer, o outcome) {
	listed, failed := 0, 0
	for _, it := range o.items {
		if it.State != downloader.Failed {
			continue
		}
		failed++
		if listed == maxFailureLines {
			continue
		}
		if listed == 0 {
			fmt.Fprintln(w, tr().X("cli.failed", nil))
		}
		listed++
		fmt.Fprintln(w, tr().X("cli.failed.line", i18n.Data{"URL": downloader.ShownLink(it.URL), "Reason": failureText(it)}))
	}
	if more := failed - listed; more > 0 {
		if o.report != "" {
			fmt.Fprintln(w, tr().XN("cli.failed.more.report", more, i18n.Data{"N": more, "Report": o.report}))
		} else {
			fmt.Fprintln(w, tr().XN("cli.failed.more", more, i18n.Data{"N": more}))
		}
	}
}

// formatElapsed writes a duration the way people read a stopwatch:
// 4.2s, 1m03s, 2h05m09s.
func formatElapsed(d time.Duration) string {
	return clockText(d, true)
}

// clockText writes a duration as a stopwatch does, with tenths of a second
// under a minute when tenths is set: 4.2s or 4s, 1m03s, 2h05m09s.
func clockText(d time.Duration, tenths bool) string {
	if d < time.Minute {
		secs := fmt.Sprintf("%d", int(d.Round(time.Second)/time.Second))
		if tenths {
			secs = fmt.Sprintf("%.1f", d.Seconds())
		}
		return tr().X("cli.clock.s", i18n.Data{"S": secs})
	}
	d = d.Round(time.Second)
	h, m, s := int(d/time.Hour), int(d%time.Hour/time.Minute), fmt.Sprintf("%02d", int(d%time.Minute/time.Second))
	if h > 0 {
		return tr().X("cli.clock.h", i18n.Data{"H": h, "M": fmt.Sprintf("%02d", m), "S": s})
	}
	return tr().X("cli.clock.m", i18n.Data{"M": m, "S": s})
}
