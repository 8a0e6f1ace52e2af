package gui

import (
	_ "embed" // the bundled Chinese font

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

// cjkTheme is the app's theme with the bundled Chinese font first in line
// for normal and bold text. The font has no Latin letters, so those still
// come from Fyne's own font; rarer characters than the subset holds fall
// back to the system's fonts, as Fyne does for any missing glyph.
type cjkTheme struct {
	fyne.Theme
}

// Font gives the Chinese font for text styles other than monospace and symbols.
func (t cjkTheme) Font(s fyne.TextStyle) fyne.Resource {
	if s.Monospace || s.Symbol {
		return t.Theme.Font(s)
	}
	return cjkResource
}

// useCJKFont puts the bundled Chinese font in front of the app's theme.
func useCJKFont(a fyne.App) {
	current := a.Settings().Theme()
	if current == nil {
		current = theme.DefaultTheme()
	}
	if _, done := current.(cjkTheme); !done {
		a.Settings().SetTheme(cjkTheme{Theme: current})
	}
}
