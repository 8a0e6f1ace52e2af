package i18n

import (
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/language"
)

func TestLegacyEncoding(t *testing.T) {
	tests := []struct {
		name     string
		language language.Tag
		codePage uint32
		want     encoding.Encoding
	}{
		{"English, no code page", language.English, 0, charmap.Windows1252},
		{"Chinese, no code page", Chinese, 0, simplifiedchinese.GB18030},
		{"English on Chinese Windows", language.English, 936, simplifiedchinese.GB18030},
		{"Chinese on Chinese Windows", Chinese, 936, simplifiedchinese.GB18030},
		{"Chinese on Western Windows", Chinese, 1252, charmap.Windows1252},
		{"English on Traditional Chinese Windows", language.English, 950, traditionalchinese.Big5},
		{"English on Japanese Windows", language.English, 932, japanese.ShiftJIS},
		{"Cyrillic Windows", language.English, 1251, charmap.Windows1251},
		{"Windows set to UTF-8 keeps the language's", Chinese, 65001, simplifiedchinese.GB18030},
		{"an unknown code page keeps the language's", language.English, 12345, charmap.Windows1252},
	}
	for _, tt := range tests {
		if got := legacyEncoding(printer(t, tt.language), tt.codePage); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
