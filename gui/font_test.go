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
	chinese := map[rune]bool{}
	for _, v := range c {
		for _, s := range messageForms(v) {
			for _, r := range s {
				if r >= 0x2E80 {
					chinese[r] = true
				}
			}
		}
	}
	if len(chinese) < 300 {
		t.Errorf("found only %d Chinese characters in the catalogue", len(chinese))
	}
	var missing []rune
	for r := range chinese {
		if !hasGlyph(f, r) {
			missing = append(missing, r)
		}
	}
	if len(missing) > 0 {
		t.Errorf("the bundled font lacks %d characters of the Chinese catalogue: %q; run make cjkfont", len(missing), string(missing))
	}
	for _, r := range "猫照片壁纸风景" {
		if !hasGlyph(f, r) {
			t.Errorf("common character %q for file names is missing", r)
		}
	}
}

// messageForms is the text of a catalogue message, one per plural form.
func messageForms(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case map[string]any:
		var forms []string
		for _, s := range v {
			forms = append(forms, s.(string))
		}
		return forms
	}
	return nil
}

func hasGlyph(f *sfnt.Font, r rune) bool {
	var buf sfnt.Buffer
	g, err := f.GlyphIndex(&buf, r)
	return err == nil && g != 0
}
