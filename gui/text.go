package gui

import (
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"haul/i18n"
)

var loadTranslations sync.Once

// useTranslations registers Haul's catalogues with Fyne's lang package once.
func useTranslations() {
	loadTranslations.Do(func() {
		if err := lang.AddTranslationsFS(i18n.Files, i18n.Dir); err != nil {
			fyne.LogError("load Haul translations", err)
		}
	})
}

// data is the template data passed to catalogue messages.
type data = map[string]any

// words is the i18n.Translator of the window: Fyne's lang, with the English
// catalogue's text as the fallback.
type words struct{}

// X is the message key filled in with d.
func (words) X(key string, d i18n.Data) string { return lang.X(key, i18n.EnglishText(key), d) }

// XN is the plural message key for count, filled in with d.
func (words) XN(key string, count int, d i18n.Data) string {
	return lang.XN(key, i18n.EnglishText(key), count, d)
}

// tr renders the engine's reasons and notes in the window's language.
var tr i18n.Translator = words{}
