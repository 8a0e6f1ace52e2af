package links

import (
	"encoding/xml"
	"errors"
	"io"
)

// readSharedStrings reads a workbook's table of shared strings: the text
// of each <si>, its runs joined, without phonetic guides. More than
// the budget's texts, or more than its bytes of text, is
// errWorkbookTooLarge. A workbook without the table has none.
func (w *workbookReader) readSharedStrings(part string) ([]string, error) {
	f, err := w.open(part)
	if errors.Is(err, errNoPart) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := sharedStringsScan{budget: w.budget}
	dec := xml.NewDecoder(f)
	for {
		tok, err := dec.RawToken()
		if errors.Is(err, io.EOF) {
			return s.out, nil
		}
		if err != nil {
			return nil, partError(part, err)
		}
		if err := s.take(tok); err != nil {
			return nil, err
		}
	}
}

// sharedStringsScan follows one pass over the table of shared strings.
type sharedStringsScan struct {
	out      []string
	budget   *workbookBudget
	text     boundedText
	inItem   bool
	inText   bool
	phonetic bool
}

// take reads one token of the table.
func (s *sharedStringsScan) take(tok xml.Token) error {
	switch t := tok.(type) {
	case xml.StartElement:
		switch t.Name.Local {
		case "si":
			s.inItem = true
		case "rPh":
			s.phonetic = true
		case "t":
			s.inText = s.inItem && !s.phonetic
		}
	case xml.CharData:
		if s.inText {
			s.text.write(t)
		}
	case xml.EndElement:
		switch t.Name.Local {
		case "t":
			s.inText = false
		case "rPh":
			s.phonetic = false
		case "si":
			return s.item()
		}
	}
	return nil
}

// item ends one shared string.
func (s *sharedStringsScan) item() error {
	text := s.text.take()
	if err := s.budget.sharedString(len(text)); err != nil {
		return err
	}
	s.out = append(s.out, text)
	s.inItem = false
	return nil
}
