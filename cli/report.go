package cli

import (
	"fmt"
	"os"

	"haul/downloader"
)

// writeReportFile saves the CSV report of every item to path.
func writeReportFile(path string, items []downloader.ItemSnapshot, opts downloader.ReportOptions) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("cannot write the report: %w", err)
	}
	if err := downloader.WriteReport(f, items, opts); err != nil {
		f.Close()
		return fmt.Errorf("cannot write the report %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("cannot write the report %s: %w", path, err)
	}
	return nil
}
