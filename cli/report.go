package cli

import (
	"fmt"
	"os"

	"haul/downloader"
	"haul/i18n"
)

// writeReportFile saves the CSV report of every item to path.
func writeReportFile(path string, items []downloader.ItemSnapshot, opts downloader.ReportOptions) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("%s: %w", tr().X("cli.report.unwritable", i18n.Data{"Report": path}), err)
	}
	if err := downloader.WriteReport(f, items, opts); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", tr().X("cli.report.unwritable", i18n.Data{"Report": path}), err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("%s: %w", tr().X("cli.report.unwritable", i18n.Data{"Report": path}), err)
	}
	return nil
}
