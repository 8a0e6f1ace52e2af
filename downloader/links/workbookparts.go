package links

import (
	"archive/zip"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// workbookReader reads the parts of one workbook package within its budget.
type workbookReader struct {
	zr     *zip.Reader
	budget *workbookBudget
}

// sheetPart is one sheet: its name and the part that holds its cells.
type sheetPart struct{ name, path string }

// book is what xl/workbook.xml and its relationships say: the sheets in
// order and the part holding the shared strings.
type book struct {
	sheets        []sheetPart
	sharedStrings string
}

// sharedStringsType ends the relationship type of the shared strings part.
const sharedStringsType = "/sharedStrings"

// readBook reads the sheet list and where the shared strings are.
func (w *workbookReader) readBook() (book, error) {
	const main = "xl/workbook.xml"
	var sheets workbookSheets
	if err := w.decodePart(main, &sheets); err != nil {
		return book{}, err
	}
	rels, err := w.relationships(main)
	if err != nil {
		return book{}, err
	}
	b := book{sharedStrings: "xl/sharedStrings.xml"}
	byID := make(map[string]string, len(rels.Rels))
	for _, r := range rels.Rels {
		target := relTarget(main, r.Target, r.TargetMode)
		byID[r.ID] = target
		if strings.HasSuffix(r.Type, sharedStringsType) {
			b.sharedStrings = target
		}
	}
	for _, s := range sheets.Sheets {
		if p, ok := byID[s.RID]; ok {
			b.sheets = append(b.sheets, sheetPart{name: s.Name, path: p})
		}
	}
	return b, nil
}

// open opens one part of the package for reading within the budget.
func (w *workbookReader) open(name string) (io.ReadCloser, error) {
	f, err := w.zr.Open(name)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, errNoPart)
	}
	return struct {
		io.Reader
		io.Closer
	}{&guardedXML{r: f, budget: w.budget}, f}, nil
}

// partError names the part a read failed in, unless the workbook was
// refused for its size.
func partError(part string, err error) error {
	if errors.Is(err, errWorkbookTooLarge) {
		return errWorkbookTooLarge
	}
	return fmt.Errorf("read %s: %w", part, err)
}

// sortedCells turns the linked cells of a sheet, by reference, into cells
// in reading order: row by row, column by column. A reference that is not
// one is left out.
func sortedCells(targets map[string]string) []cellText {
	out := make([]cellText, 0, len(targets))
	for ref, target := range targets {
		if col, row, ok := parseCellRef(ref); ok {
			out = append(out, cellText{row: row, col: col, text: target})
		}
	}
	slices.SortFunc(out, func(a, b cellText) int {
		return cmp.Or(cmp.Compare(a.row, b.row), cmp.Compare(a.col, b.col))
	})
	return out
}

// before reports whether a comes before b in reading order.
func before(a, b cellText) bool {
	return a.row < b.row || (a.row == b.row && a.col < b.col)
}

// cellName writes column col and row as a reference such as B7.
func cellName(col, row int) string {
	var letters []byte
	for ; col > 0; col = (col - 1) / 26 {
		letters = append(letters, byte('A'+(col-1)%26))
	}
	slices.Reverse(letters)
	return string(letters) + strconv.Itoa(row)
}
