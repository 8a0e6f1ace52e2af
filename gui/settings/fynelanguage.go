package settings

import (
	_ "unsafe" // for go:linkname
)

// setFyneLanguage makes Fyne's lang translate into the language tag (such
// as "zh-CN") until catalogues are added again. Fyne offers no way to
// choose the language and reads it from the system's settings on Windows
// and macOS, so this is the function its lang package sets it with.
//
//go:linkname setFyneLanguage fyne.io/fyne/v2/lang.setupLang
func setFyneLanguage(tag string)
