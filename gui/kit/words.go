package kit

import (
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"haul/i18n"
)

var loadTranslations sync.Once

// UseTranslations registers Haul's catalogues with Fyne's lang package once.
func UseTranslations() {
	loadTranslations.Do(func() {
		if err := lang.AddTranslationsFS(i18n.Files, i18n.Dir); err != nil {
			fyne.LogError("load Haul translations", err)
		}
	})
}

// Data is the template data passed to catalogue messages.
type Data = map[string]any

// words is the i18n.Translator of the window: Fyne's lang, with the English
// catalogue's text as the fallback.
type words struct{}

// X is the message key filled in with d.
func (words) X(key string, d i18n.Data) string { return lang.X(key, i18n.EnglishText(key), d) }

// XN is the plural message key for count, filled in with d.
func (words) XN(key string, count int, d i18n.Data) string {
	return lang.XN(key, i18n.EnglishText(key), count, d)
}

// Tr renders the engine's reasons and notes in the window's language.
var Tr i18n.Translator = words{}
