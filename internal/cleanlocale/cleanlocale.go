// Package cleanlocale keeps Fyne from printing "Fyne error: Error parsing
// user locale C" when the locale is C.UTF-8 (the default of containers and
// CI) or another variant of the C locale.
//
// Fyne's lang package reads the locale while the program starts, before
// main runs, and cannot parse "C" as a language. Importing this package
// for its side effect fixes that: its init sets LANGUAGE=en when LANGUAGE
// is unset and the locale is a variant of C, so Fyne reads "en" instead.
// Nothing else changes: gettext ignores LANGUAGE under a C locale, the
// character set (LC_CTYPE) is untouched, and Haul's own catalogue choice
// already takes C to mean English.
//
// The package imports only os, so Go initialises it before Fyne's lang
// package, which waits for packages such as log that sort after "haul/" and
// themselves need os (packages start in import-path order once their
// imports are ready).
package cleanlocale

import (
	"os"
	"strings"
)

func init() {
	if name, value, ok := languageFor(os.Getenv); ok {
		os.Setenv(name, value)
	}
}

// languageFor returns the variable to set, and its value, when the locale
// chosen the way gettext does (the first of LC_ALL, LC_MESSAGES and LANG
// that is set) is a variant of C or POSIX such as C.UTF-8 and LANGUAGE is
// unset. Plain C, POSIX and an unset locale need nothing.
func languageFor(getenv func(string) string) (name, value string, ok bool) {
	if getenv("LANGUAGE") != "" {
		return "", "", false
	}
	locale := ""
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if locale = getenv(v); locale != "" {
			break
		}
	}
	lang, _, _ := strings.Cut(locale, ".")
	lang, _, _ = strings.Cut(lang, "@")
	if locale == lang || (lang != "C" && lang != "POSIX") {
		return "", "", false
	}
	return "LANGUAGE", "en", true
}
