package i18n

import (
	"errors"

	"haul/downloader/cookies"
)

// CookieProblem explains why cookies could not be read, and what to do.
func CookieProblem(t Translator, err error) string {
	var e *cookies.Error
	if !errors.As(err, &e) {
		return t.X("Haul could not read those cookies.", nil)
	}
	d := Data{"Browser": cookies.DisplayName(e.Browser), "Path": e.Path, "Line": e.Line, "Browsers": cookies.BrowserList()}
	switch e.Kind {
	case cookies.BadFile:
		return t.X("cookies.badfile", d)
	case cookies.UnknownBrowser:
		return t.X("cookies.unknownbrowser", d)
	case cookies.NoProfile:
		return t.X("cookies.noprofile", d)
	case cookies.Locked, cookies.Unsupported:
		return t.X("cookies.locked", d)
	}
	return t.X("cookies.unreadable", d)
}
