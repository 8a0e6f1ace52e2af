package gui

import (
	"errors"
	"fmt"
	"io"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/storage"

	"haul/downloader"
	"haul/gui/kit"
	"haul/i18n"
)

// reportName is the file name the save dialog suggests.
const reportName = "haul-report.csv"

// ExportReport asks where to save a CSV report of every item (Ctrl+E).
func (u *UI) ExportReport() {
	d := dialog.NewFileSave(func(w fyne.URIWriteCloser, err error) {
		if err != nil {
			u.showError(err)
			return
		}
		if w == nil {
			return
		}
		if err := u.writeReport(w); err != nil {
			u.showError(errors.New(lang.X("report.failed", "Could not save the report: {{.Error}}", kit.Data{"Error": i18n.ErrorText(kit.Tr, err)})))
			return
		}
		u.intake.set(lang.X("intake.report", "Report saved as {{.Name}}", kit.Data{"Name": w.URI().Name()}), nil)
	}, u.win)
	d.SetFileName(reportName)
	d.SetFilter(storage.NewExtensionFileFilter([]string{".csv"}))
	u.trackDialog(d.Dismiss, d.SetOnClosed)
	d.Show()
}

// writeReport writes the report and closes w.
func (u *UI) writeReport(w io.WriteCloser) error {
	items, _ := u.m.Snapshot()
	err := downloader.WriteReport(w, items, i18n.ReportOptions(kit.Tr, true, false))
	if cerr := w.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("save report: %w", cerr)
	}
	return err
}
