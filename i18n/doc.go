// Package i18n holds Haul's words: one catalogue per language (English and
// Simplified Chinese, in the go-i18n JSON format that Fyne's lang package
// also reads), the choice of language from the environment, and the one
// place where the engine's failure reasons, skip notes and problems — which
// are data, never sentences — are put into words.
//
// Both surfaces render through a Translator: the window wraps Fyne's lang
// (package gui), haul get wraps a go-i18n Printer from NewPrinter. Each
// catalogue is the single source of truth for its language; English text
// in code is only ever read from the English catalogue.
//
// The package never imports Fyne.
package i18n
