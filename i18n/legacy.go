package i18n

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
)

// LegacyEncoding is the encoding that a text file saved by an older
// Windows program (Excel's "CSV", Notepad's "ANSI") most likely has for a
// user of t's language: GB18030 (which reads GBK) for Chinese,
// Windows-1252 for English. Each catalogue names its own, so that a new
// language brings its code page.
func LegacyEncoding(t Translator) encoding.Encoding {
	e, err := htmlindex.Get(t.X("text.legacyencoding", nil))
	if err != nil {
		return charmap.Windows1252
	}
	return e
}
