package i18n

import (
	"errors"

	"github.com/dustin/go-humanize"

	"haul/downloader/cookies"
)

// CookieProblem explains why cookies could not be read, and what to do.
func CookieProblem(t Translator, err error) string {
	var e *cookies.Error
	if !errors.As(err, &e) {
		return t.X("Haul could not read those cookies.", nil)
	}
	d := Data{"Browser": cookies.DisplayName(e.Browser), "Path": e.Path, "Line": e.Line, "Browsers": cookies.BrowserList(),
		"Size": humanize.IBytes(uint64(max(e.Size, 0))), "Limit": humanize.IBytes(uint64(max(e.Limit, 0)))}
	switch e.Kind {
	case cookies.TooLarge:
		if e.Browser != "" {
			return t.X("cookies.storetoolarge", d)
		}
		return t.X("cookies.toolarge", d)
	case cookies.NotAFile:
		return t.X("cookies.notfile", d)
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
