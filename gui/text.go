package gui

import (
	"embed"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"
)

// translations holds the message catalogues, one JSON file per language.
//
//go:embed translations
var translations embed.FS

var loadTranslations sync.Once

// useTranslations registers Haul's catalogues with Fyne's lang package once.
func useTranslations() {
	loadTranslations.Do(func() {
		if err := lang.AddTranslationsFS(translations, "translations"); err != nil {
			fyne.LogError("load Haul translations", err)
		}
	})
}

// data is the template data passed to catalogue messages.
type data = map[string]any
