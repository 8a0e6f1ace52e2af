package downloader

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"time"
)

// ReportHeader is the first row of a report.
var ReportHeader = []string{"url", "state", "file", "bytes", "attempts", "http_status", "error", "started", "finished", "width", "height", "format"}

// WriteReport writes one CSV row per item. withBOM starts the file with a
// UTF-8 byte-order mark so that Excel reads non-ASCII names correctly.
func WriteReport(w io.Writer, items []ItemSnapshot, withBOM bool) error {
	if withBOM {
		if _, err := io.WriteString(w, "\uFEFF"); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(ReportHeader); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	for _, it := range items {
		if err := cw.Write(reportRow(it)); err != nil {
			return fmt.Errorf("write report: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

func reportRow(it ItemSnapshot) []string {
	file := it.Path
	if file == "" {
		file = it.Name
	}
	errText := ""
	if it.Err != nil {
		errText = it.Err.Message
	} else if it.Note != "" {
		errText = it.Note
	}
	status := ""
	if it.Status != 0 {
		status = strconv.Itoa(it.Status)
	}
	return []string{it.URL, it.State.String(), file, strconv.FormatInt(it.Bytes, 10),
		strconv.Itoa(it.Attempts), status, errText, reportTime(it.Started), reportTime(it.Finished),
		dimension(it.Width), dimension(it.Height), it.MIME}
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
