package gui

import (
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
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

// TestQuietTextCanBeRead: in the dark variant the colour of quiet text
// (hints, a picture's page) stands out 4.5:1 against the window's and the
// dialogs' background, and stays well apart from the text of controls in
// use.
func TestQuietTextCanBeRead(t *testing.T) {
	th := appTheme{Theme: theme.DefaultTheme()}
	v := theme.VariantDark
	quiet := th.Color(theme.ColorNameDisabled, v)
	for _, bg := range []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameOverlayBackground} {
		if r := contrast(quiet, th.Color(bg, v)); r < 4.5 {
			t.Errorf("quiet text on %s is %.1f:1, want 4.5:1 or more", bg, r)
		}
	}
	if r := contrast(quiet, th.Color(theme.ColorNameForeground, v)); r < 2 {
		t.Errorf("quiet text is %.1f:1 from normal text, too close to tell apart", r)
	}
}

// contrast is the WCAG contrast ratio of two colours.
func contrast(a, b color.Color) float64 {
	la, lb := luminance(a), luminance(b)
	return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
}

// luminance is a colour's relative luminance (WCAG 2).
func luminance(c color.Color) float64 {
	r, g, b, _ := c.RGBA()
	lin := func(v uint32) float64 {
		s := float64(v) / 0xffff
		if s <= 0.03928 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
}
