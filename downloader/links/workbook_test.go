package links

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"
)

// writeWorkbook saves a workbook made by build into dir as name (whatever
// its extension).
func writeWorkbook(t *testing.T, dir, name string, build func(f *excelize.File)) string {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	build(f)
	path := filepath.Join(dir, name)
	if err := f.SaveAs(path + ".xlsx"); err != nil {
		t.Fatal(err)
	}
	must(t, os.Rename(path+".xlsx", path))
	return path
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// picturesWorkbook has links in a "Picture link" column, a hyperlink behind
// cell text, a second sheet with more links (one repeated from the first),
// a cell whose text and hyperlink are the same link, a notes column, a
// HYPERLINK formula with its address written out and one that builds it.
func picturesWorkbook(t *testing.T) func(f *excelize.File) {
	return func(f *excelize.File) {
		must(t, f.SetSheetName("Sheet1", "Pictures"))
		must(t, f.SetSheetRow("Pictures", "A1", &[]any{"Name", "Picture link", "Notes"}))
		must(t, f.SetSheetRow("Pictures", "A2", &[]any{"cat", "https://pics.example/cat.jpg", "the best one"}))
		must(t, f.SetSheetRow("Pictures", "A3", &[]any{"dog", "https://pics.example/dog.jpg", ""}))
		must(t, f.SetSheetRow("Pictures", "A4", &[]any{"bird", "photo 3", "ask Sam"}))
		must(t, f.SetCellHyperLink("Pictures", "B4", "https://pics.example/bird.jpg", "External"))
		must(t, f.SetSheetRow("Pictures", "A5", &[]any{"same", "https://pics.example/same.jpg", ""}))
		must(t, f.SetCellHyperLink("Pictures", "B5", "https://pics.example/same.jpg", "External"))
		must(t, f.SetCellHyperLink("Pictures", "C6", "https://pics.example/empty-cell.jpg", "External"))
		must(t, f.SetCellFormula("Pictures", "B8", `HYPERLINK("https://pics.example/formula.jpg","photo 8")`))
		must(t, f.SetCellValue("Pictures", "A9", "built"))
		must(t, f.SetCellFormula("Pictures", "B9", `HYPERLINK("https://pics.example/"&A9&".jpg","photo 9")`))
		must(t, f.SetCellHyperLink("Pictures", "A7", "Archive!A1", "Location"))
		must(t, f.SetCellValue("Pictures", "A7", "see the archive"))
		_, err := f.NewSheet("Archive")
		must(t, err)
		must(t, f.SetCellValue("Archive", "A1", "Old pictures"))
		must(t, f.SetCellValue("Archive", "B2", "https://old.example/a.png and https://old.example/b.png"))
		must(t, f.SetCellValue("Archive", "B3", "https://pics.example/cat.jpg"))
		must(t, f.SetCellValue("Archive", "B4", "ftp://old.example/c.png"))
		must(t, f.SetCellValue("Archive", "B5", 42))
	}
}

func TestReadFileWorkbook(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"pictures.xlsx", "pictures.xlsm", "saved-by-another-program.xls"} {
		t.Run(name, func(t *testing.T) {
			path := writeWorkbook(t, dir, name, picturesWorkbook(t))
			res, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want := []string{
				"https://pics.example/cat.jpg",
				"https://pics.example/dog.jpg",
				"https://pics.example/bird.jpg",
				"https://pics.example/same.jpg",
				"https://pics.example/empty-cell.jpg",
				"https://pics.example/formula.jpg",
				"https://old.example/a.png",
				"https://old.example/b.png",
			}
			if !reflect.DeepEqual(res.Links, want) {
				t.Errorf("links\n got %q\nwant %q", res.Links, want)
			}
			if res.Duplicates != 1 {
				t.Errorf("duplicates = %d, want 1 (cat.jpg on both sheets)", res.Duplicates)
			}
			wantPlaces := map[string]string{
				"https://pics.example/cat.jpg":        "Pictures!B2",
				"https://pics.example/dog.jpg":        "Pictures!B3",
				"https://pics.example/bird.jpg":       "Pictures!B4",
				"https://pics.example/same.jpg":       "Pictures!B5",
				"https://pics.example/empty-cell.jpg": "Pictures!C6",
				"https://pics.example/formula.jpg":    "Pictures!B8",
				"https://old.example/a.png":           "Archive!B2",
				"https://old.example/b.png":           "Archive!B2",
			}
			if !reflect.DeepEqual(res.Places, wantPlaces) {
				t.Errorf("places\n got %v\nwant %v", res.Places, wantPlaces)
			}
			wantProblems := []Problem{{0, "Archive!B4 ftp://old.example/c.png", ReasonScheme}}
			if !reflect.DeepEqual(res.Problems, wantProblems) {
				t.Errorf("problems = %+v, want %+v", res.Problems, wantProblems)
			}
		})
	}
}

func TestReadFileSpreadsheetRefusals(t *testing.T) {
	dir := t.TempDir()
	ole := append([]byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}, make([]byte, 504)...)
	tests := []struct {
		file    string
		content []byte
		says    string
	}{
		{"old.xls", ole, "old-excel"},
		{"locked.xlsx", ole, "workbook-locked"},
		{"sheet.ods", []byte("PK\x03\x04rest"), "opendocument"},
		{"broken.xlsx", []byte("PK\x03\x04 not really a zip"), ": workbook ("},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := filepath.Join(dir, tt.file)
			must(t, os.WriteFile(path, tt.content, 0o644))
			_, err := ReadFile(path)
			if !errors.Is(err, ErrNotReadable) {
				t.Fatalf("err = %v, want ErrNotReadable", err)
			}
			if msg := err.Error(); !strings.Contains(msg, tt.says) || !strings.Contains(msg, tt.file) {
				t.Errorf("message %q should name %s and say %q", msg, tt.file, tt.says)
			}
		})
	}
}

func TestReadFileXLSAsText(t *testing.T) {
	path := filepath.Join(t.TempDir(), "export.xls")
	must(t, os.WriteFile(path, []byte("url\nhttps://a.example/1.jpg\n"), 0o644))
	res, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"https://a.example/1.jpg"}; !reflect.DeepEqual(res.Links, want) {
		t.Errorf("links = %q, want %q", res.Links, want)
	}
}

// BenchmarkReadWorkbook reads a sheet of 5,000 rows, each with a link as
// text and another behind hyperlinked text.
func BenchmarkReadWorkbook(b *testing.B) {
	f := excelize.NewFile()
	for r := 1; r <= 5000; r++ {
		cell, _ := excelize.CoordinatesToCellName(1, r)
		if err := f.SetSheetRow("Sheet1", cell, &[]any{"https://pics.example/" + strconv.Itoa(r) + ".jpg", "photo"}); err != nil {
			b.Fatal(err)
		}
		link, _ := excelize.CoordinatesToCellName(2, r)
		if err := f.SetCellHyperLink("Sheet1", link, "https://pics.example/big/"+strconv.Itoa(r)+".jpg", "External"); err != nil {
			b.Fatal(err)
		}
	}
	path := filepath.Join(b.TempDir(), "big.xlsx")
	if err := f.SaveAs(path); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		res, err := ReadFile(path)
		if err != nil || len(res.Links) != 10000 {
			b.Fatalf("%d links, %v", len(res.Links), err)
		}
	}
}
