package cli

import (
	"fmt"
	"io"
	"time"

	"github.com/dustin/go-humanize"

	"haul/downloader"
)

// maxFailureLines is how many failed links the summary lists one by one.
const maxFailureLines = 20

// stoppedMessage ends the summary of an interrupted run that skips files
// already in the folder, so running it again continues where it stopped.
const stoppedMessage = "Stopped. Run the same command again to continue."

// stoppedRedownloadMessage ends the summary of an interrupted run that would
// download the saved files again if repeated as is.
const stoppedRedownloadMessage = "Stopped. To continue without downloading the saved files again, run the same command with -on-exists skip."

// outcome is what a finished or stopped run reports.
type outcome struct {
	items     []downloader.ItemSnapshot
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
	var saved int64
	for _, it := range o.items {
		if it.State == downloader.Done {
			saved += it.Bytes
		}
	}
	s := o.sum
	fmt.Fprintf(w, "Saved %d · skipped %d · failed %d · canceled %d", s.Done, s.Skipped, s.Failed, s.Canceled)
	if s.Left() > 0 {
		fmt.Fprintf(w, " · %d left", s.Left())
	}
	fmt.Fprintf(w, " · %s in %s\n", humanize.Bytes(uint64(saved)), formatElapsed(o.elapsed))
	writeFailures(w, o)
	switch {
	case o.stopped && o.policy == downloader.SkipExisting:
		fmt.Fprintln(w, stoppedMessage)
	case o.stopped:
		fmt.Fprintln(w, stoppedRedownloadMessage)
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
			fmt.Fprintln(w, "Failed:")
		}
		listed++
		fmt.Fprintf(w, "  %s: %s\n", it.URL, failureText(it))
	}
	if more := failed - listed; more > 0 {
		if o.report != "" {
			fmt.Fprintf(w, "  … and %d more; see the report %s\n", more, o.report)
		} else {
			fmt.Fprintf(w, "  … and %d more; add -report FILE.csv to list them all\n", more)
		}
	}
}

// formatElapsed writes a duration the way people read a stopwatch:
// 4.2s, 1m03s, 2h05m09s.
func formatElapsed(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%.1fs", d.Seconds())
	}
	d = d.Round(time.Second)
	h, m, s := int(d/time.Hour), int(d%time.Hour/time.Minute), int(d%time.Minute/time.Second)
	if h > 0 {
		return fmt.Sprintf("%dh%02dm%02ds", h, m, s)
	}
	return fmt.Sprintf("%dm%02ds", m, s)
}
