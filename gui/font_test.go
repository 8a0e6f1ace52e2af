package gui

import (
	"testing"

	"golang.org/x/image/font/sfnt"

	"haul/i18n"
)

// TestBundledFontCoversTheCatalogues checks that every Chinese character
// the window can show from its catalogues has a glyph in the bundled font,
// so no text of Haul's own is drawn as boxes on a machine without CJK fonts.
func TestBundledFontCoversTheCatalogues(t *testing.T) {
	f, err := sfnt.Parse(cjkFont)
	if err != nil {
		t.Fatal(err)
	}
	c, err := i18n.Catalogue("zh_Hans.json")
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	missing := map[rune]bool{}
	checked := 0
	var check func(v any)
	check = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			for _, s := range v {
				check(s)
			}
		case string:
			for _, r := range v {
				if r < 0x2E80 {
					continue
				}
				checked++
				if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
					missing[r] = true
				}
			}
		}
	}
	for _, v := range c {
		check(v)
	}
	if len(missing) > 0 {
		t.Errorf("the bundled font lacks %d characters of the Chinese catalogue: %q; run scripts/cjkfont.sh", len(missing), runesOf(missing))
	}
	if checked < 1000 {
		t.Errorf("checked only %d Chinese characters", checked)
	}
	for _, r := range "猫照片壁纸风景" {
		if g, err := f.GlyphIndex(&buf, r); err != nil || g == 0 {
			t.Errorf("common character %q for file names is missing", r)
		}
	}
}

func runesOf(m map[rune]bool) string {
	var s []rune
	for r := range m {
		s = append(s, r)
	}
	return string(s)
}
