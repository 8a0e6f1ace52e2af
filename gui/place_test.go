package gui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"github.com/xuri/excelize/v2"

	"haul/downloader"
	"haul/downloader/downloadtest"
)

// TestAFailedWorkbookLinkNamesItsCell opens a workbook whose link in
// Sheet2!B7 is not found (404): its row, the details line and the report
// name the cell. At 800 pixels the status is cut with an ellipsis, and
// resting the pointer on it shows it whole.
func TestAFailedWorkbookLinkNamesItsCell(t *testing.T) {
	h := newHarness(t, nil)
	good := h.serve([]string{"good.png"}, fileBody)[0]
	gone := h.serve([]string{"gone.png"}, fileBody, downloadtest.Status(404))[0]
	book := excelize.NewFile()
	if _, err := book.NewSheet("Sheet2"); err != nil {
		t.Fatal(err)
	}
	for cell, v := range map[string]string{"Sheet1!A1": good, "Sheet2!B7": gone} {
		sheet, ref, _ := strings.Cut(cell, "!")
		if err := book.SetCellValue(sheet, ref, v); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "pictures.xlsx")
	if err := book.SaveAs(path); err != nil {
		t.Fatal(err)
	}
	h.ui.intake.AddFiles([]string{path})
	h.waitRows(2)
	h.ui.batch.Start()
	h.waitState(gone, downloader.Failed)
	h.pump("the row of the 404", func() bool { return strings.HasPrefix(h.row(gone).status.Text, "Sheet2!B7: Not found (404)") })

	h.ui.list.Select(1)
	if d := h.ui.detail.Text; !strings.Contains(d, "Sheet2!B7: Not found (404)") {
		t.Errorf("the details line says %q", d)
	}
	report := filepath.Join(t.TempDir(), "report.csv")
	h.ui.batch.saveReport(report)
	data, err := os.ReadFile(report)
	if err != nil || !strings.Contains(string(data), "Sheet2!B7: Not found (404)") {
		t.Errorf("the report does not name the cell (%v):\n%s", err, data)
	}

	h.win.Resize(fyne.NewSize(800, 600))
	status := h.row(gone).status
	if !status.Cut() {
		t.Fatalf("a status of %d characters fits in %v: no ellipsis to check", len(status.Text), status.Size())
	}
	status.MouseIn(nil)
	h.pump("the whole status as a tip", func() bool { return h.ui.tips.Shown() == status.Text })
}
