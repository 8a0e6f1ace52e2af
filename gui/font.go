package gui

import (
	_ "embed" // the bundled Chinese font
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// cjkFont is a subset of Noto Sans CJK SC (SIL Open Font License, see
// fonts/OFL.txt) holding every Chinese character of the catalogues and the
// 3,755 most common simplified characters, so that the window's Chinese
// text and most Chinese file names render on a machine without a CJK font.
// scripts/cjkfont.sh rebuilds it.
//
//go:embed fonts/HaulCJK-Regular.otf
var cjkFont []byte

// cjkResource is cjkFont as a Fyne resource.
var cjkResource = fyne.NewStaticResource("HaulCJK-Regular.otf", cjkFont)

// appTheme is the app's theme with the bundled Chinese font first in line
// for normal and bold text, and hints that can be read. The font has no
// Latin letters, so those still come from Fyne's own font; rarer
// characters than the subset holds fall back to the system's fonts, as
// Fyne does for any missing glyph.
type appTheme struct {
	fyne.Theme
}

// quietOnDark is a readable grey for the "disabled" colour of the dark
// variant, which Fyne also gives to quiet text (the hints under settings,
// a picture's page): Fyne's own stands 1.4:1 against the background, this
// one 5:1, and still well apart from the text of a control that can be
// used. The light variant keeps Fyne's: its normal text is grey already,
// and a quiet text dark enough to read would look like it.
var quietOnDark = color.NRGBA{R: 0x8a, G: 0x8a, B: 0x8a, A: 0xff}

// Color gives readable quiet text in the dark variant, and the app theme's
// colour otherwise.
func (t appTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	if n == theme.ColorNameDisabled && v == theme.VariantDark {
		return quietOnDark
	}
	return t.Theme.Color(n, v)
}

// Font gives the Chinese font for text styles other than monospace and symbols.
func (t appTheme) Font(s fyne.TextStyle) fyne.Resource {
	if s.Monospace || s.Symbol {
		return t.Theme.Font(s)
	}
	return cjkResource
}

// useCJKFont puts the bundled Chinese font, and readable hints, in front
// of the app's theme.
func useCJKFont(a fyne.App) {
	current := a.Settings().Theme()
	if current == nil {
		current = theme.DefaultTheme()
	}
	if _, done := current.(appTheme); !done {
		a.Settings().SetTheme(appTheme{Theme: current})
	}
}
