package links

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/xuri/excelize/v2"
)

// maxWorkbookUnzipped bounds how much a workbook may unpack to, so a small
// file that unzips to gigabytes is refused instead of filling memory.
const maxWorkbookUnzipped = 1 << 30

// Leading bytes of the containers spreadsheet files come in.
var (
	zipMagic = []byte("PK\x03\x04")
	oleMagic = []byte{0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1}
)

// ErrNotReadable is matched (with errors.Is) by the error ReadFile returns
// for a spreadsheet it cannot read, such as an old .xls workbook or one
// protected with a password.
var ErrNotReadable = errors.New("spreadsheet cannot be read")

// readWorkbook extracts the links of an Excel workbook (.xlsx or .xlsm): the
// text of every cell of every sheet, in sheet order and row by row, and the
// web address behind every hyperlinked cell. Cells without links are not
// reported, because workbooks hold titles and notes beside their links; a
// rejected link names its cell, as in "Sheet2!B7 ftp://…".
func readWorkbook(name string, data []byte, opt Options) (Result, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: maxWorkbookUnzipped})
	if err != nil {
		return Result{}, workbookError(name, err)
	}
	defer f.Close()
	hyperlinks, err := workbookHyperlinks(data)
	if err != nil {
		return Result{}, workbookError(name, err)
	}
	w := &workbookIntake{c: newCollector(len(data) / 64)}
	w.c.patterns = !opt.Literal
	for _, sheet := range f.GetSheetList() {
		if err := w.sheet(f, sheet, hyperlinks[sheet]); err != nil {
			return Result{}, workbookError(name, fmt.Errorf("sheet %s: %w", sheet, err))
		}
	}
	res := w.c.result()
	for i := range res.Problems {
		res.Problems[i].Line = 0
	}
	return res, nil
}

// workbookIntake holds the state of one pass over a workbook.
type workbookIntake struct {
	c    *collector
	line int // rows read so far over all sheets: one "line" per row
}

// sheet takes in every cell of one sheet, row by row, each followed by the
// address it links to, if any.
func (w *workbookIntake) sheet(f *excelize.File, sheet string, targets map[string]string) error {
	rows, err := f.GetRows(sheet, excelize.Options{RawCellValue: true})
	if err != nil {
		return err
	}
	lastCol, lastRow := extent(targets)
	for r := 1; r <= max(len(rows), lastRow); r++ {
		w.line++
		var row []string
		if r <= len(rows) {
			row = rows[r-1]
		}
		for c := 1; c <= max(len(row), lastCol[r]); c++ {
			ref, err := excelize.CoordinatesToCellName(c, r)
			if err != nil {
				return err
			}
			if c <= len(row) {
				w.cell(sheet, ref, row[c-1])
			}
			if target, ok := targets[ref]; ok {
				w.cell(sheet, ref, target)
			}
		}
	}
	return nil
}

// extent returns, for the linked cells, the last linked column of each row
// and the last linked row.
func extent(targets map[string]string) (lastCol map[int]int, lastRow int) {
	lastCol = make(map[int]int, len(targets))
	for ref := range targets {
		c, r, err := excelize.CellNameToCoordinates(ref)
		if err != nil {
			continue
		}
		lastCol[r] = max(lastCol[r], c)
		lastRow = max(lastRow, r)
	}
	return lastCol, lastRow
}

// cell takes in the links of one cell's text or hyperlink target.
func (w *workbookIntake) cell(sheet, ref, text string) {
	scanLinks(text, func(cd candidate) {
		cd.place = sheet + "!" + ref
		cd.text = cd.place + " " + cd.text
		w.c.add(w.line, cd)
	})
}

// workbookError words a workbook that could not be opened for the user.
func workbookError(name string, err error) error {
	if errors.Is(err, excelize.ErrWorkbookFileFormat) || errors.Is(err, excelize.ErrWorkbookPassword) {
		return &FileError{Name: name, Problem: FileLockedWorkbook, kind: ErrNotReadable}
	}
	return &FileError{Name: name, Problem: FileBadWorkbook, Detail: err.Error(), kind: ErrNotReadable}
}

// legacyWorkbookError refuses an Excel 97-2003 workbook.
func legacyWorkbookError(name string) error {
	return &FileError{Name: name, Problem: FileOldExcel, kind: ErrNotReadable}
}

// openDocumentError refuses an OpenDocument spreadsheet.
func openDocumentError(name string) error {
	return &FileError{Name: name, Problem: FileOpenDocument, kind: ErrNotReadable}
}

// readSpreadsheet reads data as a spreadsheet when its name or first bytes
// say it is one; ok is false for every other file, which is read as text.
// An .xls that is really a workbook, as some programs save, is read too.
func readSpreadsheet(name string, data []byte, opt Options) (res Result, ok bool, err error) {
	ext := strings.ToLower(filepath.Ext(name))
	switch {
	case ext == ".ods" || ext == ".fods":
		return Result{}, true, openDocumentError(name)
	case ext != ".xlsx" && ext != ".xlsm" && ext != ".xls":
		return Result{}, false, nil
	case bytes.HasPrefix(data, zipMagic):
		res, err := readWorkbook(name, data, opt)
		return res, true, err
	case bytes.HasPrefix(data, oleMagic) && ext == ".xls":
		return Result{}, true, legacyWorkbookError(name)
	case bytes.HasPrefix(data, oleMagic):
		return Result{}, true, workbookError(name, excelize.ErrWorkbookPassword)
	}
	return Result{}, false, nil
}
