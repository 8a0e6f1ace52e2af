//go:build !windows

package i18n

// systemLanguage is "" outside Windows: there the environment names the
// language.
func systemLanguage() string { return "" }

// systemCodePage is 0 outside Windows, which has no legacy code page: each
// catalogue names the encoding its language's older files have.
func systemCodePage() uint32 { return 0 }
