package settings

import (
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"haul/gui/kit"
)

// PrefLanguage is the window's language: "" follows the system, otherwise
// one of the locales of languageChoices.
const PrefLanguage = "ui.language"

// languageChoices are the languages the window can be switched to, each
// named in its own language.
var languageChoices = []struct{ locale, name string }{
	{"en_US.UTF-8", "English"},
	{"zh_CN.UTF-8", "简体中文"},
}

// ApplyLanguage makes the chosen language the one Fyne's lang picks when
// the catalogues are loaded: it is named first in LANGUAGE, which is read
// before LANG, and replaces a C or POSIX locale, which hides LANGUAGE.
// "" leaves the system's language.
func ApplyLanguage(locale string) {
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

// ChooseLanguage makes Fyne's lang translate into the chosen language once
// the catalogues are loaded, on every system: Fyne reads the language from
// the environment on Linux and the BSDs, but from the system's settings on
// Windows and macOS, where ApplyLanguage alone changes nothing. "" leaves
// the system's language.
func ChooseLanguage(locale string) {
	if locale == "" {
		return
	}
	setFyneLanguage(strings.ReplaceAll(strings.TrimSuffix(locale, ".UTF-8"), "_", "-"))
}

// LanguageRow is "Language: [Follow the system ▾]" with a note that the
// choice applies from the next start, when every text is built again.
func LanguageRow(prefs fyne.Preferences) fyne.CanvasObject {
	system := lang.L("Follow the system")
	names := []string{system}
	for _, c := range languageChoices {
		names = append(names, c.name)
	}
	current := prefs.String(PrefLanguage)
	choose := kit.NewEscSelect(names, nil)
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
		if locale != prefs.String(PrefLanguage) {
			prefs.SetString(PrefLanguage, locale)
			note.SetText(lang.L("The new language applies when Haul starts again."))
		}
	}
	return container.NewVBox(widget.NewForm(widget.NewFormItem(lang.L("Language:"), choose)), note)
}
