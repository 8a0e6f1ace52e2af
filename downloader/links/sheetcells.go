package links

import (
	"encoding/xml"
	"errors"
	"io"
	"strconv"
	"strings"
)

// cellText is the text of one cell at its place on the sheet.
type cellText struct {
	row, col int
	text     string
}

// readCells streams the cells of one sheet part, in the order they are
// written, to emit: the text of shared strings, inline strings and the
// values of every other cell as written. Every cell counts against the
// workbook's budget.
func (w *workbookReader) readCells(part string, sst []string, emit func(cellText)) error {
	f, err := w.open(part)
	if err != nil {
		return err
	}
	defer f.Close()
	s := cellScan{sst: sst, budget: w.budget, emit: emit}
	dec := xml.NewDecoder(f)
	for {
		tok, err := dec.RawToken()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return partError(part, err)
		}
		if err := s.take(tok); err != nil {
			return err
		}
	}
}

// cellScan follows one pass over a sheet's cells.
type cellScan struct {
	sst    []string
	budget *workbookBudget
	emit   func(cellText)

	row, col int    // place of the cell being read, or of the last one
	kind     string // the cell's t attribute: s for a shared string
	inCell   bool
	inText   bool // in <v>, or in a <t> of an inline string
	phonetic bool
	text     boundedText
}

// take reads one token of the sheet.
func (s *cellScan) take(tok xml.Token) error {
	switch t := tok.(type) {
	case xml.StartElement:
		return s.start(t)
	case xml.CharData:
		if s.inText {
			s.text.write(t)
		}
	case xml.EndElement:
		switch t.Name.Local {
		case "v", "t":
			s.inText = false
		case "rPh":
			s.phonetic = false
		case "c":
			s.endCell()
		}
	}
	return nil
}

// start reads an opening tag of the sheet.
func (s *cellScan) start(t xml.StartElement) error {
	switch t.Name.Local {
	case "row":
		s.row = nextIndex(xmlAttr(t, "r"), s.row)
		s.col = 0
	case "c":
		if err := s.budget.cell(); err != nil {
			return err
		}
		s.startCell(xmlAttr(t, "r"), xmlAttr(t, "t"))
	case "v":
		s.inText = s.inCell
	case "rPh":
		s.phonetic = true
	case "t":
		s.inText = s.inCell && !s.phonetic
	}
	return nil
}

// startCell begins a cell at its reference, or after the last one when
// it has none.
func (s *cellScan) startCell(ref, kind string) {
	if col, row, ok := parseCellRef(ref); ok {
		s.col, s.row = col, row
	} else {
		s.col++
	}
	s.kind, s.inCell = kind, true
}

// endCell hands the cell's text on.
func (s *cellScan) endCell() {
	text := s.text.take()
	if s.kind == "s" {
		text = sharedString(s.sst, text)
	}
	s.inCell, s.inText, s.phonetic = false, false, false
	if text != "" {
		s.emit(cellText{row: s.row, col: s.col, text: text})
	}
}

// sharedString is the shared string an index as written in a cell names,
// or "" when there is none.
func sharedString(sst []string, index string) string {
	i, err := strconv.Atoi(strings.TrimSpace(index))
	if err != nil || i < 0 || i >= len(sst) {
		return ""
	}
	return sst[i]
}

// nextIndex reads a row's number, or takes the one after last when it
// has none.
func nextIndex(attr string, last int) int {
	if n, err := strconv.Atoi(attr); err == nil && n > 0 {
		return n
	}
	return last + 1
}

// parseCellRef reads a reference such as B7 as column 2, row 7.
func parseCellRef(ref string) (col, row int, ok bool) {
	i := 0
	for ; i < len(ref) && i < 3; i++ {
		c := ref[i] | 0x20
		if c < 'a' || c > 'z' {
			break
		}
		col = col*26 + int(c-'a'+1)
	}
	row, err := strconv.Atoi(ref[i:])
	if i == 0 || err != nil || row < 1 {
		return 0, 0, false
	}
	return col, row, true
}
