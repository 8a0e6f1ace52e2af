package links

import (
	"encoding/xml"
	"errors"
	"io"
	"path"
	"regexp"
	"strings"
)

// relNS is the namespace of the r:id attributes that tie workbook parts
// together.
const relNS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

// maxPartSize bounds the workbook parts read whole: the sheet list and the
// relationship files are small; sheets and shared strings are read as
// streams.
const maxPartSize = 16 << 20

// workbookSheets is the sheet list of xl/workbook.xml.
type workbookSheets struct {
	Sheets []struct {
		Name string `xml:"name,attr"`
		RID  string `xml:"http://schemas.openxmlformats.org/officeDocument/2006/relationships id,attr"`
	} `xml:"sheets>sheet"`
}

// relationships is one .rels part.
type relationships struct {
	Rels []struct {
		ID         string `xml:"Id,attr"`
		Type       string `xml:"Type,attr"`
		Target     string `xml:"Target,attr"`
		TargetMode string `xml:"TargetMode,attr"`
	} `xml:"Relationship"`
}

// sheetHyperlinks maps the cells of one sheet part to the web address
// they link to: through a hyperlink, or through a HYPERLINK formula whose
// address is written out, as in =HYPERLINK("https://…/3.jpg","photo 3").
// It reads the package directly, because asking a spreadsheet library
// cell by cell takes time that grows with the square of the number of
// links. Every cell and hyperlink seen counts against the budget.
func (w *workbookReader) sheetHyperlinks(sheetPath string) (map[string]string, error) {
	rels, err := w.readRels(sheetPath)
	if err != nil {
		return nil, err
	}
	f, err := w.open(sheetPath)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := sheetScan{rels: rels, links: map[string]string{}, budget: w.budget}
	dec := xml.NewDecoder(f)
	for {
		tok, err := dec.RawToken()
		if errors.Is(err, io.EOF) {
			return s.links, nil
		}
		if err != nil {
			return nil, partError(sheetPath, err)
		}
		if err := s.take(tok); err != nil {
			return nil, err
		}
	}
}

// sheetScan follows one pass over a sheet's XML.
type sheetScan struct {
	rels    map[string]string
	links   map[string]string
	budget  *workbookBudget
	cell    string // reference of the cell being read
	formula *boundedText
}

// take reads one token of the sheet.
func (s *sheetScan) take(tok xml.Token) error {
	switch t := tok.(type) {
	case xml.StartElement:
		return s.start(t)
	case xml.CharData:
		if s.formula != nil {
			s.formula.write(t)
		}
	case xml.EndElement:
		if t.Name.Local == "f" && s.formula != nil {
			if target := hyperlinkFormula(s.formula.take()); target != "" && s.cell != "" {
				s.links[s.cell] = target
			}
			s.formula = nil
		}
	}
	return nil
}

// start reads an opening tag of the sheet.
func (s *sheetScan) start(t xml.StartElement) error {
	switch t.Name.Local {
	case "c":
		s.cell = xmlAttr(t, "r")
		return s.budget.scan()
	case "f":
		s.formula = &boundedText{}
	case "hyperlink":
		ref, rid := hyperlinkAttrs(t)
		if target, ok := s.rels[rid]; ok && ref != "" {
			s.links[ref] = target
		}
		return s.budget.scan()
	}
	return nil
}

// hyperlinkFormulaPattern matches a HYPERLINK formula whose first argument
// is a text in quotes.
var hyperlinkFormulaPattern = regexp.MustCompile(`(?i)^\s*(?:_xlfn\.)?HYPERLINK\(\s*"((?:[^"]|"")*)"\s*[,)]`)

// hyperlinkFormula returns the address a HYPERLINK formula links to, or ""
// when the formula is something else or builds its address from cells.
func hyperlinkFormula(formula string) string {
	m := hyperlinkFormulaPattern.FindStringSubmatch(formula)
	if m == nil {
		return ""
	}
	return strings.ReplaceAll(m[1], `""`, `"`)
}

// xmlAttr returns the value of an element's unprefixed attribute.
func xmlAttr(el xml.StartElement, name string) string {
	for _, a := range el.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value
		}
	}
	return ""
}

// hyperlinkAttrs returns the cell reference and relationship id of a
// <hyperlink> element. RawToken leaves prefixes unresolved, so the r:id is
// told apart from a plain id by its prefix being other than empty.
func hyperlinkAttrs(el xml.StartElement) (ref, rid string) {
	for _, a := range el.Attr {
		switch {
		case a.Name.Local == "ref" && a.Name.Space == "":
			ref = strings.SplitN(a.Value, ":", 2)[0]
		case a.Name.Local == "id" && a.Name.Space != "":
			rid = a.Value
		}
	}
	return ref, rid
}

// readRels reads the relationships of part: external ones map an id to
// their address, internal ones to the part they point at.
func (w *workbookReader) readRels(part string) (map[string]string, error) {
	rels, err := w.relationships(part)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(rels.Rels))
	for _, r := range rels.Rels {
		out[r.ID] = relTarget(part, r.Target, r.TargetMode)
	}
	return out, nil
}

// relationships reads the .rels part of part; a part without one has none.
func (w *workbookReader) relationships(part string) (relationships, error) {
	dir, base := path.Split(part)
	var rels relationships
	err := w.decodePart(dir+"_rels/"+base+".rels", &rels)
	if errors.Is(err, errNoPart) {
		return relationships{}, nil
	}
	return rels, err
}

// relTarget is where a relationship of part points: an external address
// as written, or the path of another part of the package.
func relTarget(part, target, mode string) string {
	switch {
	case strings.EqualFold(mode, "External"):
		return target
	case strings.HasPrefix(target, "/"):
		return strings.TrimPrefix(target, "/")
	}
	return path.Join(path.Dir(part), target)
}

// errNoPart is returned by decodePart for a part the package does not have.
var errNoPart = errors.New("no such part")

// decodePart reads one small XML part of the package into v.
func (w *workbookReader) decodePart(name string, v any) error {
	f, err := w.open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := xml.NewDecoder(io.LimitReader(f, maxPartSize)).Decode(v); err != nil {
		return partError(name, err)
	}
	return nil
}
