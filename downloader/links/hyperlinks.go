package links

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"strings"
)

// relNS is the namespace of the r:id attributes that tie workbook parts
// together.
const relNS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

// maxPartSize bounds the workbook parts read here: the sheet list and the
// relationship files are small, and a sheet is read as a stream.
const maxPartSize = 64 << 20

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
		Target     string `xml:"Target,attr"`
		TargetMode string `xml:"TargetMode,attr"`
	} `xml:"Relationship"`
}

// workbookHyperlinks maps each sheet name to the web addresses behind its
// hyperlinked cells (hyperlinks and HYPERLINK formulas), by cell reference. It reads the package directly,
// because asking a spreadsheet library cell by cell takes time that grows
// with the square of the number of links.
func workbookHyperlinks(data []byte) (map[string]map[string]string, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("open workbook: %w", err)
	}
	var book workbookSheets
	if err := decodePart(zr, "xl/workbook.xml", &book); err != nil {
		return nil, err
	}
	bookRels, err := readRels(zr, "xl/workbook.xml")
	if err != nil {
		return nil, err
	}
	out := make(map[string]map[string]string, len(book.Sheets))
	for _, s := range book.Sheets {
		sheetPath, ok := bookRels[s.RID]
		if !ok {
			continue
		}
		links, err := sheetHyperlinks(zr, sheetPath)
		if err != nil {
			return nil, fmt.Errorf("sheet %s: %w", s.Name, err)
		}
		out[s.Name] = links
	}
	return out, nil
}

// sheetHyperlinks maps the cells of one sheet part to the web address
// they link to: through a hyperlink, or through a HYPERLINK formula whose
// address is written out, as in =HYPERLINK("https://…/3.jpg","photo 3").
func sheetHyperlinks(zr *zip.Reader, sheetPath string) (map[string]string, error) {
	rels, err := readRels(zr, sheetPath)
	if err != nil {
		return nil, err
	}
	f, err := zr.Open(sheetPath)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", sheetPath, err)
	}
	defer f.Close()
	s := sheetScan{rels: rels, links: map[string]string{}}
	dec := xml.NewDecoder(f)
	for {
		tok, err := dec.RawToken()
		if errors.Is(err, io.EOF) {
			return s.links, nil
		}
		if err != nil {
			return nil, fmt.Errorf("read %s: %w", sheetPath, err)
		}
		s.take(tok)
	}
}

// sheetScan follows one pass over a sheet's XML.
type sheetScan struct {
	rels    map[string]string
	links   map[string]string
	cell    string // reference of the cell being read
	formula *strings.Builder
}

// take reads one token of the sheet.
func (s *sheetScan) take(tok xml.Token) {
	switch t := tok.(type) {
	case xml.StartElement:
		switch t.Name.Local {
		case "c":
			s.cell = xmlAttr(t, "r")
		case "f":
			s.formula = &strings.Builder{}
		case "hyperlink":
			ref, rid := hyperlinkAttrs(t)
			if target, ok := s.rels[rid]; ok && ref != "" {
				s.links[ref] = target
			}
		}
	case xml.CharData:
		if s.formula != nil {
			s.formula.Write(t)
		}
	case xml.EndElement:
		if t.Name.Local == "f" && s.formula != nil {
			if target := hyperlinkFormula(s.formula.String()); target != "" && s.cell != "" {
				s.links[s.cell] = target
			}
			s.formula = nil
		}
	}
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
func readRels(zr *zip.Reader, part string) (map[string]string, error) {
	dir, base := path.Split(part)
	var rels relationships
	err := decodePart(zr, dir+"_rels/"+base+".rels", &rels)
	if errors.Is(err, errNoPart) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(rels.Rels))
	for _, r := range rels.Rels {
		switch {
		case strings.EqualFold(r.TargetMode, "External"):
			out[r.ID] = r.Target
		case strings.HasPrefix(r.Target, "/"):
			out[r.ID] = strings.TrimPrefix(r.Target, "/")
		default:
			out[r.ID] = path.Join(dir, r.Target)
		}
	}
	return out, nil
}

// errNoPart is returned by decodePart for a part the package does not have.
var errNoPart = errors.New("no such part")

// decodePart reads one XML part of the package into v.
func decodePart(zr *zip.Reader, name string, v any) error {
	f, err := zr.Open(name)
	if err != nil {
		return fmt.Errorf("read %s: %w", name, errNoPart)
	}
	defer f.Close()
	if err := xml.NewDecoder(io.LimitReader(f, maxPartSize)).Decode(v); err != nil {
		return fmt.Errorf("read %s: %w", name, err)
	}
	return nil
}
