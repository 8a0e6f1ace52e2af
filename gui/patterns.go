package gui

import (
	"haul/gui/kit"

	"fyne.io/fyne/v2/lang"
	"github.com/dustin/go-humanize"
)

// patternPart says how many links numbered patterns such as [001-120]
// stood for: "120 links from this pattern", or "" when none was used.
func (r intakeResult) patternPart() string {
	n := kit.Data{"N": humanize.Comma(int64(r.fromPatterns)), "P": humanize.Comma(int64(r.patterns))}
	switch {
	case r.patterns == 0:
		return ""
	case r.patterns == 1:
		return lang.XN("intake.pattern", "{{.N}} links from this pattern", r.fromPatterns, n)
	}
	return lang.XN("intake.patterns", "{{.N}} links from {{.P}} patterns", r.fromPatterns, n)
}
