package links

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
)

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
// rejected link names its cell, as in "Sheet2!B7 ftp://…". The workbook is
// read as a stream within the limits of workbookBudget: one that holds more
// is refused as a whole.
func readWorkbook(name string, data []byte, opt Options) (Result, error) {
	return readWorkbookWithin(name, data, opt, newWorkbookBudget())
}

// readWorkbookWithin is readWorkbook within budget.
func readWorkbookWithin(name string, data []byte, opt Options, budget *workbookBudget) (Result, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return Result{}, workbookError(name, fmt.Errorf("open workbook: %w", err))
	}
	w := &workbookReader{zr: zr, budget: budget}
	book, err := w.readBook()
	if err != nil {
		return Result{}, workbookError(name, err)
	}
	sst, err := w.readSharedStrings(book.sharedStrings)
	if err != nil {
		return Result{}, workbookError(name, err)
	}
	in := &workbookIntake{c: newCollector(len(data)/64, opt.maxLinks()), sst: sst}
	in.c.patterns = !opt.Literal
	for _, sheet := range book.sheets {
		if err := in.sheet(w, sheet); err != nil {
			return Result{}, workbookError(name, fmt.Errorf("sheet %s: %w", sheet.name, err))
		}
	}
	res := in.c.result()
	for i := range res.Problems {
		res.Problems[i].Line = 0
	}
	return res, nil
}

// workbookIntake holds the state of one pass over a workbook.
type workbookIntake struct {
	c    *collector
	sst  []string
	line int // rows read so far over all sheets: one "line" per row
}

// sheet takes in every cell of one sheet, row by row, each followed by the
// address it links to, if any; a linked cell without text is taken at its
// place.
func (in *workbookIntake) sheet(w *workbookReader, sheet sheetPart) error {
	targets, err := w.sheetHyperlinks(sheet.path)
	if err != nil {
		return err
	}
	pending := sortedCells(targets)
	base, last := in.line, 0
	take := func(c cellText) {
		in.cell(sheet.name, c, base)
		last = max(last, c.row)
	}
	err = w.readCells(sheet.path, in.sst, func(c cellText) {
		for len(pending) > 0 && before(pending[0], c) {
			take(pending[0])
			pending = pending[1:]
		}
		take(c)
		if len(pending) > 0 && pending[0].row == c.row && pending[0].col == c.col {
			take(pending[0])
			pending = pending[1:]
		}
	})
	for _, c := range pending {
		take(c)
	}
	in.line = base + last
	return err
}

// cell takes in the links of one cell's text or hyperlink target.
func (in *workbookIntake) cell(sheet string, c cellText, base int) {
	ref := cellName(c.col, c.row)
	scanLinks(c.text, func(cd candidate) {
		cd.place = sheet + "!" + ref
		cd.text = cd.place + " " + cd.text
		in.c.add(base+c.row, cd)
	})
}

// workbookError words a workbook that could not be opened for the user.
func workbookError(name string, err error) error {
	if errors.Is(err, errWorkbookTooLarge) {
		return &FileError{Name: name, Problem: FileWorkbookTooLarge, kind: ErrNotReadable}
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
		return Result{}, true, &FileError{Name: name, Problem: FileLockedWorkbook, kind: ErrNotReadable}
	}
	return Result{}, false, nil
}
