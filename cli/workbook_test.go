package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"haul/downloader/downloadtest"
)

func TestWorkbookArgumentIsDownloaded(t *testing.T) {
	s := newServer(t)
	bodies := map[string][]byte{"a.bin": downloadtest.Data(300, 1), "b.bin": downloadtest.Data(300, 2)}
	for name, body := range bodies {
		s.Handle("/"+name, body)
	}
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetRow("Sheet1", "A1", &[]any{"Picture link", "Title"}); err != nil {
		t.Fatal(err)
	}
	if err := f.SetSheetRow("Sheet1", "A2", &[]any{s.URL("/a.bin"), "first"}); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellValue("Sheet1", "B3", "second"); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellHyperLink("Sheet1", "B3", s.URL("/b.bin"), "External"); err != nil {
		t.Fatal(err)
	}
	book := filepath.Join(t.TempDir(), "links.xlsx")
	if err := f.SaveAs(book); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "out")
	if r := runGet(t.Context(), "", "-o", out, "-state", "off", book); r.code != exitOK {
		t.Fatalf("exit code %d\n%s", r.code, r.stderr)
	}
	checkFiles(t, out, bodies)
}

// TestWorkbookLinkNotFoundNamesItsCell: a workbook link that is not found
// (404) is named with its cell in the line haul get prints for it.
func TestWorkbookLinkNotFoundNamesItsCell(t *testing.T) {
	s := newServer(t)
	f := excelize.NewFile()
	defer f.Close()
	if _, err := f.NewSheet("Sheet2"); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellValue("Sheet2", "B7", s.URL("/gone.bin")); err != nil {
		t.Fatal(err)
	}
	book := filepath.Join(t.TempDir(), "links.xlsx")
	if err := f.SaveAs(book); err != nil {
		t.Fatal(err)
	}
	r := runGet(t.Context(), "", "-o", t.TempDir(), "-state", "off", book)
	if out := r.stdout + r.stderr; !strings.Contains(out, "Sheet2!B7: Not found (404)") {
		t.Errorf("exit code %d; the failure does not name its cell:\n%s", r.code, out)
	}
}
