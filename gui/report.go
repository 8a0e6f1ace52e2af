package gui

import (
	"errors"
	"fmt"
	"io"
	"os"

	"fyne.io/fyne/v2/lang"

	"haul/downloader"
	"haul/gui/kit"
	"haul/i18n"
)

// reportName is the file name the save dialog suggests.
const reportName = "haul-report.csv"

// ExportReport asks where to save a CSV report of every item (Ctrl+E).
func (b *batchBar) ExportReport() {
	u := b.u
	newSaveChooser(u, lang.L("Save the report"), reportName, []string{".csv"}, u.m.Dir(), u.batch.saveReport).show()
}

// saveReport writes the report to path and says where it went.
func (b *batchBar) saveReport(path string) {
	u := b.u
	f, err := os.Create(path)
	if err == nil {
		err = u.batch.writeReport(f)
	}
	if err != nil {
		u.showError(errors.New(lang.X("report.failed", "Could not save the report: {{.Error}}", kit.Data{"Error": i18n.ErrorText(kit.Tr, err)})))
		return
	}
	u.intake.set(lang.X("intake.report", "Report saved as {{.Name}}", kit.Data{"Name": path}), nil)
}

// writeReport writes the report and closes w.
func (b *batchBar) writeReport(w io.WriteCloser) error {
	u := b.u
	items, _ := u.m.Snapshot()
	err := downloader.WriteReport(w, items, i18n.ReportOptions(kit.Tr, true, false))
	if cerr := w.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("save report: %w", cerr)
	}
	return err
}
