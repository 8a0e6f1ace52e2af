package links

import (
	"strings"
	"unicode"
)

// linkColumnWords are words that mark a header cell as a column of links.
var linkColumnWords = []string{"url", "uri", "link", "href", "src", "address", "image", "file", "download"}

// maxHeaderCell is the longest cell a header line may have.
const maxHeaderCell = 60

// eachCell calls fn with every cell of a CSV row. A cell in double quotes may
// hold the separator; a doubled quote inside it stands for one quote.
func eachCell(row string, delim byte, fn func(cell string)) {
	for {
		if strings.HasPrefix(strings.TrimLeft(row, " "), `"`) {
			row = strings.TrimLeft(row, " ")
			cell, rest := quotedCell(row[1:])
			fn(cell)
			i := strings.IndexByte(rest, delim)
			if i < 0 {
				return
			}
			row = rest[i+1:]
			continue
		}
		i := strings.IndexByte(row, delim)
		if i < 0 {
			fn(row)
			return
		}
		fn(row[:i])
		row = row[i+1:]
	}
}

// quotedCell reads a quoted cell whose opening quote is already consumed and
// returns its content and what follows the closing quote.
func quotedCell(s string) (cell, rest string) {
	var b strings.Builder
	for {
		i := strings.IndexByte(s, '"')
		if i < 0 {
			return joinCell(&b, s), ""
		}
		if i+1 < len(s) && s[i+1] == '"' {
			b.WriteString(s[:i+1])
			s = s[i+2:]
			continue
		}
		return joinCell(&b, s[:i]), s[i+1:]
	}
}

// joinCell finishes a cell, avoiding a copy when it had no doubled quotes.
func joinCell(b *strings.Builder, tail string) string {
	if b.Len() == 0 {
		return tail
	}
	b.WriteString(tail)
	return b.String()
}

// isHeader reports whether a first line without links is a column header:
// every cell a short label, and (unless the text is known to be CSV) some
// cell naming a column of links, as in "url" or "Image URL,Title".
func isHeader(line string, csvFile bool) bool {
	delim := headerDelimiter(line)
	if delim == 0 {
		delim = ','
	}
	labels, namesLinks := true, false
	eachCell(line, delim, func(cell string) {
		cell = strings.TrimSpace(cell)
		if !isLabel(cell) {
			labels = false
			return
		}
		lower := strings.ToLower(cell)
		for _, w := range linkColumnWords {
			if strings.Contains(lower, w) {
				namesLinks = true
			}
		}
	})
	return labels && (csvFile || namesLinks)
}

// isLabel reports whether s reads like a column name.
func isLabel(s string) bool {
	if len(s) > maxHeaderCell {
		return false
	}
	for _, r := range s {
		if !isWordRune(r) && !strings.ContainsRune(" _-.()#&'/", r) {
			return false
		}
	}
	return true
}

// headerDelimiter returns the cell separator a header line uses (comma,
// semicolon, tab, or the bar of a Markdown table), or 0 when it has a single
// cell.
func headerDelimiter(line string) byte {
	for _, d := range []byte{',', ';', '\t', '|'} {
		if strings.IndexByte(line, d) >= 0 {
			return d
		}
	}
	return 0
}

func isWordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}
