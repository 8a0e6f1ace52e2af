package cli

import (
	"os"
	"sync"

	"haul/i18n"
)

// tr is haul get's translator, in the language that LC_ALL, LC_MESSAGES or
// LANG names, or with none named (Windows), the user's display language
// (English when there is no catalogue for it).
var tr = sync.OnceValue(func() i18n.Translator {
	p, err := i18n.NewPrinter(i18n.UserLanguage(os.Getenv))
	if err != nil {
		panic(err)
	}
	return p
})
