package i18n

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
)

// LegacyEncoding is the encoding that a text file saved by an older
// Windows program (Excel's "CSV", Notepad's "ANSI") most likely has. On
// Windows it is the system's legacy code page, which those programs write
// whatever language Haul speaks: GB18030 (which reads GBK) where it is
// 936. Elsewhere, and on Windows set to UTF-8, it is the one for a user of
// t's language: GB18030 for Chinese, Windows-1252 for English; each
// catalogue names its own, so that a new language brings its code page.
func LegacyEncoding(t Translator) encoding.Encoding {
	return legacyEncoding(t, systemCodePage())
}

// legacyEncoding is LegacyEncoding on a system whose legacy code page is
// cp (0 for none).
func legacyEncoding(t Translator, cp uint32) encoding.Encoding {
	if e := codePageEncoding(cp); e != nil {
		return e
	}
	e, err := htmlindex.Get(t.X("text.legacyencoding", nil))
	if err != nil {
		return charmap.Windows1252
	}
	return e
}
