package links

import (
	"archive/zip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// thirtyPatterns is a list of 1.2 KB that stands for 3,000,000 links.
func thirtyPatterns() string {
	var b strings.Builder
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&b, "http://127.0.0.1:9/g%02d/[000001-100000].jpg\n", i)
	}
	return b.String()
}

func TestRunLimitCountsEveryLinkTogether(t *testing.T) {
	tests := []struct {
		name    string
		text    string
		taken   int
		links   int
		tooMany int64
	}{
		{"thirty patterns of 100,000", thirtyPatterns(), 0, 0, 3_000_000},
		{"two patterns of 100,000 fit", "http://a.example/[1-100000]\nhttp://b.example/[1-100000]\n", 0, MaxRunLinks, 0},
		{"nothing left", "http://a.example/1", MaxRunLinks, 0, 1},
		{"at the limit", "http://a.example/1 http://a.example/2\nhttp://a.example/[3-5]", MaxRunLinks - 5, 5, 0},
		{"one link over", "http://a.example/[1-5]\nhttp://a.example/6", MaxRunLinks - 5, 0, 6},
		{"a pattern over", "http://a.example/0\nhttp://a.example/[1-5]", MaxRunLinks - 5, 0, 6},
		{"duplicates are not more", "http://a.example/[1-5]\nhttp://a.example/1\nhttp://a.example/5", MaxRunLinks - 5, 5, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ExtractWith(tt.text, Options{Taken: tt.taken})
			if len(res.Links) != tt.links || res.TooMany != tt.tooMany {
				t.Fatalf("%d links, TooMany %d; want %d, %d", len(res.Links), res.TooMany, tt.links, tt.tooMany)
			}
		})
	}
}

func TestListOfTooManyLinksIsRefusedWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "patterns.txt")
	must(t, os.WriteFile(path, []byte(thirtyPatterns()), 0o644))
	res, err := ReadFile(path)
	var fe *FileError
	if !errors.As(err, &fe) || fe.Problem != FileTooManyLinks || fe.Links != 3_000_000 || !errors.Is(err, ErrTooLarge) {
		t.Fatalf("err = %v, want FileTooManyLinks for 3,000,000 links", err)
	}
	if res.Links != nil {
		t.Errorf("%d links taken from a refused list", len(res.Links))
	}
}

// zipWorkbook writes a workbook package whose sheet and shared strings
// are written by the functions given, and returns its path.
func zipWorkbook(t *testing.T, sheet, sst func(w io.Writer)) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bomb.xlsx")
	f, err := os.Create(path)
	must(t, err)
	defer f.Close()
	z := zip.NewWriter(f)
	part := func(name string, write func(w io.Writer)) {
		w, err := z.Create(name)
		must(t, err)
		write(w)
	}
	text := func(s string) func(w io.Writer) { return func(w io.Writer) { io.WriteString(w, s) } }
	part("[Content_Types].xml", text(`<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`))
	part("xl/workbook.xml", text(`<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`))
	part("xl/_rels/workbook.xml.rels", text(`<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>`+
		`<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="strings.xml"/></Relationships>`))
	part("xl/strings.xml", func(w io.Writer) {
		io.WriteString(w, "<sst>")
		sst(w)
		io.WriteString(w, "</sst>")
	})
	part("xl/worksheets/sheet1.xml", func(w io.Writer) {
		io.WriteString(w, "<worksheet><sheetData>")
		sheet(w)
		io.WriteString(w, "</sheetData></worksheet>")
	})
	must(t, z.Close())
	return path
}

// repeat writes s n times.
func repeat(s string, n int) func(w io.Writer) {
	return func(w io.Writer) {
		if n >= 1000 {
			chunk := strings.Repeat(s, 1000)
			for ; n >= 1000; n -= 1000 {
				io.WriteString(w, chunk)
			}
		}
		io.WriteString(w, strings.Repeat(s, n))
	}
}

func TestWorkbookBombsAreRefused(t *testing.T) {
	oneLink := repeat(`<si><t>https://pics.example/a.jpg</t></si>`, 1)
	linkCell := repeat(`<row><c t="s"><v>0</v></c></row>`, 1)
	small := func() *workbookBudget {
		return &workbookBudget{xml: 4 << 20, scanned: 100, cells: 100, strings: 100, text: 1000}
	}
	tests := []struct {
		name       string
		sheet, sst func(w io.Writer)
		budget     *workbookBudget // nil for the real one
		refused    bool
	}{
		{"as many cells as allowed", repeat(`<row>`+strings.Repeat(`<c><v>1</v></c>`, 10)+`</row>`, 10), oneLink, small(), false},
		{"a cell more", repeat(`<row>`+strings.Repeat(`<c><v>1</v></c>`, 10)+`</row>`, 10), func(w io.Writer) {}, &workbookBudget{xml: 4 << 20, scanned: 101, cells: 99, strings: 1}, true},
		{"empty cells", repeat(`<c/>`, 101), oneLink, small(), true},
		{"hyperlinks", func(w io.Writer) {
			linkCell(w)
			io.WriteString(w, "</sheetData><hyperlinks>")
			repeat(`<hyperlink ref="A1" r:id="rId9"/>`, 100)(w)
			io.WriteString(w, "</hyperlinks><sheetData>")
		}, oneLink, small(), true},
		{"as many shared strings as allowed", linkCell, repeat(`<si><t>a</t></si>`, 100), small(), false},
		{"a shared string more", linkCell, repeat(`<si><t>a</t></si>`, 101), small(), true},
		{"shared text", linkCell, repeat(`<si><t>`+strings.Repeat("a", 600)+`</t></si>`, 2), small(), true},
		{"unzips to more", repeat(`<row/>`, 1<<20), oneLink, small(), true},
		{"a text without end", linkCell, repeat(`<si><t>`+strings.Repeat("a", maxXMLRun+1), 1), small(), true},
		{"a million empty cells and one", repeat(`<c/>`, MaxWorkbookCells+1), oneLink, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, err := os.ReadFile(zipWorkbook(t, tt.sheet, tt.sst))
			must(t, err)
			budget := tt.budget
			if budget == nil {
				budget = newWorkbookBudget()
			}
			_, err = readWorkbookWithin("bomb.xlsx", data, Options{}, budget)
			var fe *FileError
			if refused := errors.As(err, &fe) && fe.Problem == FileWorkbookTooLarge; refused != tt.refused {
				t.Fatalf("err = %v, want refused %v", err, tt.refused)
			}
		})
	}
}

// TestWorkbookReadAsWritten reads cells of every kind Excel writes, with
// and without references, and rich text with phonetic guides.
func TestWorkbookReadAsWritten(t *testing.T) {
	sheet := `<row r="2"><c r="B2" t="s"><v>1</v></c><c t="inlineStr"><is><r><t>https://pics.example/</t></r><r><t>inline.jpg</t></r></is></c></row>` +
		`<row><c r="A3" t="str"><f>A1</f><v>https://pics.example/formula-result.jpg</v></c><c t="n"><v>42</v></c><c t="s"><v>7</v></c></row>` +
		`<x:row r="9"><x:c r="AA9" t="s"><x:v>0</x:v></x:c></x:row>`
	sst := `<si><t>https://pics.example/shared.jpg</t></si><si><r><t>https://pics.example/rich</t></r><rPh><t>ignored</t></rPh><r><t>.jpg</t></r></si>`
	res, err := ReadFile(zipWorkbook(t, repeat(sheet, 1), repeat(sst, 1)))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"https://pics.example/rich.jpg", "https://pics.example/inline.jpg", "https://pics.example/formula-result.jpg", "https://pics.example/shared.jpg"}
	if strings.Join(res.Links, " ") != strings.Join(want, " ") {
		t.Errorf("links %q, want %q", res.Links, want)
	}
}
