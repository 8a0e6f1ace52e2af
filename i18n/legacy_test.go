package i18n

import (
	"testing"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/language"
)

func TestLegacyEncoding(t *testing.T) {
	if got := LegacyEncoding(printer(t, language.English)); got != charmap.Windows1252 {
		t.Errorf("English: %v, want Windows-1252", got)
	}
	if got := LegacyEncoding(printer(t, Chinese)); got != simplifiedchinese.GB18030 {
		t.Errorf("Chinese: %v, want GB18030", got)
	}
}
