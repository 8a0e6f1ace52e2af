package gui

import (
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
)

// prefLanguage is the window's language: "" follows the system, otherwise
// one of the locales of languageChoices.
const prefLanguage = "ui.language"

// languageChoices are the languages the window can be switched to, each
// named in its own language.
var languageChoices = []struct{ locale, name string }{
	{"en_US.UTF-8", "English"},
	{"zh_CN.UTF-8", "简体中文"},
}

// applyLanguage makes the chosen language the one Fyne's lang picks when
// the catalogues are loaded: it is named first in LANGUAGE, which is read
// before LANG, and replaces a C or POSIX locale, which hides LANGUAGE.
// "" leaves the system's language.
func applyLanguage(locale string) {
	if locale == "" {
		return
	}
	os.Setenv("LANGUAGE", strings.TrimSuffix(locale, ".UTF-8"))
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		switch os.Getenv(name) {
		case "":
			continue
		case "C", "POSIX":
			os.Setenv(name, locale)
		}
		return
	}
	os.Setenv("LANG", locale)
}

// chooseLanguage makes Fyne's lang translate into the chosen language once
// the catalogues are loaded, on every system: Fyne reads the language from
// the environment on Linux and the BSDs, but from the system's settings on
// Windows and macOS, where applyLanguage alone changes nothing. "" leaves
// the system's language.
func chooseLanguage(locale string) {
	if locale == "" {
		return
	}
	setFyneLanguage(strings.ReplaceAll(strings.TrimSuffix(locale, ".UTF-8"), "_", "-"))
}

// languageRow is "Language: [Follow the system ▾]" with a note that the
// choice applies from the next start, when every text is built again.
func (r *settingsRow) languageRow() fyne.CanvasObject {
	system := lang.L("Follow the system")
	names := []string{system}
	for _, c := range languageChoices {
		names = append(names, c.name)
	}
	current := r.ui.prefs.String(prefLanguage)
	choose := widget.NewSelect(names, nil)
	choose.SetSelected(system)
	for _, c := range languageChoices {
		if c.locale == current {
			choose.SetSelected(c.name)
		}
	}
	note := widget.NewLabel("")
	note.Importance = widget.LowImportance
	choose.OnChanged = func(name string) {
		locale := ""
		for _, c := range languageChoices {
			if c.name == name {
				locale = c.locale
			}
		}
		if locale != r.ui.prefs.String(prefLanguage) {
			r.ui.prefs.SetString(prefLanguage, locale)
			note.SetText(lang.L("The new language applies when Haul starts again."))
		}
	}
	return container.NewVBox(widget.NewForm(widget.NewFormItem(lang.L("Language:"), choose)), note)
}
