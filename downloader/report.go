package downloader

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"time"
)

// ReportHeader is the stable, machine-readable first row of a report.
var ReportHeader = []string{"url", "state", "file", "bytes", "attempts", "http_status", "error", "started", "finished", "width", "height", "format", "original", "reason"}

// ReportOptions chooses how a report reads.
type ReportOptions struct {
	// BOM starts the file with a UTF-8 byte-order mark so that Excel reads
	// non-ASCII names correctly.
	BOM bool
	// Header is the first row, one name per column of ReportHeader; nil
	// means ReportHeader itself.
	Header []string
	// Explain puts an item's failure or note into words for the error
	// column; nil leaves that column to the reason code.
	Explain func(ItemSnapshot) string
	// StateName puts a state into words for the state column; nil leaves
	// it to State.String.
	StateName func(State) string
}

// WriteReport writes one CSV row per item. The last column is always the
// failure reason or note kind as a stable code, for scripts.
func WriteReport(w io.Writer, items []ItemSnapshot, opts ReportOptions) error {
	header := opts.Header
	if header == nil {
		header = ReportHeader
	}
	if len(header) != len(ReportHeader) {
		return fmt.Errorf("write report: %d column names for %d columns", len(header), len(ReportHeader))
	}
	if opts.BOM {
		if _, err := io.WriteString(w, "\uFEFF"); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(header); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	for _, it := range items {
		if err := cw.Write(reportRow(it, opts)); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

func reportRow(it ItemSnapshot, opts ReportOptions) []string {
	file := it.Path
	if file == "" {
		file = it.Name
	}
	code := ""
	if it.Err != nil {
		code = string(it.Err.Reason)
	} else if !it.Note.IsZero() {
		code = string(it.Note.Kind)
	}
	errText, state := code, it.State.String()
	if opts.Explain != nil && code != "" {
		errText = opts.Explain(it)
	}
	if opts.StateName != nil {
		state = opts.StateName(it.State)
	}
	status := ""
	if it.Status != 0 {
		status = strconv.Itoa(it.Status)
	}
	return []string{ShownLink(it.URL), state, file, strconv.FormatInt(it.Bytes, 10),
		strconv.Itoa(it.Attempts), status, errText, reportTime(it.Started), reportTime(it.Finished),
		dimension(it.Width), dimension(it.Height), it.MIME, ShownLink(it.Original.URL), code}
}

func reportTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func dimension(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}
