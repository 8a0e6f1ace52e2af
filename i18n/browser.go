package i18n

import (
	"errors"

	"haul/browser"
	"haul/instance"
)

// BrowserProblem explains why Haul did not take what the browser sent, and
// what to do: a refused message, or Haul that could not be reached.
func BrowserProblem(t Translator, err error) string {
	if errors.Is(err, instance.ErrNotRunning) {
		return t.X("browser.notstarted", nil)
	}
	if errors.Is(err, instance.ErrNoAnswer) {
		return t.X("browser.noanswer", nil)
	}
	if errors.Is(err, instance.ErrAnotherUser) {
		return t.X("browser.anotheruser", nil)
	}
	var r *browser.Refusal
	if !errors.As(err, &r) {
		return t.X("browser.failed", Data{"Error": err.Error()})
	}
	d := Data{"Size": r.Size, "Limit": r.Limit, "Value": r.Value}
	if r.Err != nil {
		d["Error"] = r.Err.Error()
	}
	switch r.Kind {
	case browser.TooLarge:
		return t.X("browser.toolarge", d)
	case browser.Truncated:
		return t.X("browser.truncated", d)
	case browser.BadJSON:
		return t.X("browser.badjson", d)
	case browser.NotWebLink:
		return t.X("browser.notweblink", d)
	case browser.NoLinks:
		return t.X("browser.nolinks", d)
	case browser.TooMany:
		return t.X("browser.toomany", d)
	case browser.BadHeader:
		return t.X("browser.badheader", d)
	case browser.UnknownKind:
		return t.X("browser.unknowntype", d)
	}
	return t.X("browser.unknowncaller", d)
}
