package links

import (
	"bytes"
	"errors"
	"io"
)

// What Haul reads of one workbook, whatever its size on disk: a workbook
// that holds more is refused (FileWorkbookTooLarge), so a small file that
// unzips to millions of cells or texts never fills memory.
const (
	// MaxWorkbookCells is the most cells, and hyperlinks, read from the
	// sheets of one workbook together.
	MaxWorkbookCells = 1_000_000
	// MaxSharedStrings is the most texts read from a workbook's table of
	// shared strings, where Excel keeps each different cell text once.
	MaxSharedStrings = 1_000_000
	// MaxWorkbookXML is the most bytes of XML unzipped from one workbook.
	MaxWorkbookXML = 256 << 20
	// maxSharedText is the most text the shared strings may hold together.
	maxSharedText = 64 << 20
	// maxXMLRun is the longest stretch of a part without a '<': a tag or a
	// text longer than any a spreadsheet writes (a cell holds at most 32,767
	// characters).
	maxXMLRun = 1 << 20
	// maxCellText is the most text kept of one cell or shared string.
	maxCellText = 32_767 * 4
)

// errWorkbookTooLarge is the cause of a workbook refused for its size.
var errWorkbookTooLarge = errors.New("the workbook holds more than Haul reads")

// workbookBudget is what is left to read of one workbook, shared by all
// its parts.
type workbookBudget struct {
	xml     int64 // bytes of XML left to unzip
	scanned int   // cells and hyperlinks left to see while looking for links
	cells   int   // cells left to read for their text
	strings int   // shared strings left to read
	text    int   // bytes of shared strings left to read
}

func newWorkbookBudget() *workbookBudget {
	return &workbookBudget{xml: MaxWorkbookXML, scanned: MaxWorkbookCells, cells: MaxWorkbookCells,
		strings: MaxSharedStrings, text: maxSharedText}
}

// scan counts one cell or hyperlink seen while looking for hyperlinks.
func (b *workbookBudget) scan() error { return spend(&b.scanned, 1) }

// cell counts one cell read for its text.
func (b *workbookBudget) cell() error { return spend(&b.cells, 1) }

// sharedString counts one shared string of n bytes.
func (b *workbookBudget) sharedString(n int) error {
	if err := spend(&b.strings, 1); err != nil {
		return err
	}
	return spend(&b.text, n)
}

// spend takes n from what is left, failing when that is not enough.
func spend(left *int, n int) error {
	if *left -= n; *left < 0 {
		return errWorkbookTooLarge
	}
	return nil
}

// guardedXML reads a part within the workbook's budget of bytes, failing
// with errWorkbookTooLarge past it or on a stretch longer than maxXMLRun
// without a '<', so no single token of the XML decoder grows without end.
type guardedXML struct {
	r      io.Reader
	budget *workbookBudget
	run    int // bytes since the last '<'
}

func (g *guardedXML) Read(p []byte) (int, error) {
	n, err := g.r.Read(p)
	g.budget.xml -= int64(n)
	longest := g.run + n
	if first := bytes.IndexByte(p[:n], '<'); first >= 0 {
		longest = g.run + first
		g.run = n - 1 - bytes.LastIndexByte(p[:n], '<')
	} else {
		g.run += n
	}
	if g.budget.xml < 0 || longest > maxXMLRun || g.run > maxXMLRun {
		return n, errWorkbookTooLarge
	}
	return n, err
}

// boundedText collects the text of one cell or shared string, keeping at
// most maxCellText bytes.
type boundedText struct{ b []byte }

func (t *boundedText) write(p []byte) {
	if room := maxCellText - len(t.b); room > 0 {
		t.b = append(t.b, p[:min(len(p), room)]...)
	}
}

func (t *boundedText) take() string {
	s := string(t.b)
	t.b = t.b[:0]
	return s
}
