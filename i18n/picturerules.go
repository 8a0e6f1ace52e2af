package i18n

import (
	"errors"

	"haul/downloader/originals"
)

// PictureRulesProblem says what is wrong with the user's own picture rules
// file (err from originals.Load), which line, and that the built-in rules
// are used meanwhile; "" when err is no problem of the file.
func PictureRulesProblem(t Translator, err error) string {
	var pe *originals.ParseError
	if !errors.As(err, &pe) {
		return ""
	}
	key, ok := rulesProblems[pe.Kind]
	if !ok {
		key = "rules.problem.notakeyline"
	}
	problem := t.X(key, Data{"Value": pe.Value})
	if pe.Line == 0 {
		return t.X("rules.problem.file", Data{"Path": pe.Path, "Problem": problem})
	}
	return t.X("rules.problem.line", Data{"Path": pe.Path, "Line": pe.Line, "Problem": problem})
}

// rulesProblems are the words of each kind of problem of a rules file.
var rulesProblems = map[originals.ProblemKind]string{
	originals.NotAKeyLine:     "rules.problem.notakeyline",
	originals.KeyOutsideRule:  "rules.problem.keyoutsiderule",
	originals.UnknownKey:      "rules.problem.unknownkey",
	originals.BadPattern:      "rules.problem.badpattern",
	originals.BadHost:         "rules.problem.badhost",
	originals.BadHeader:       "rules.problem.badheader",
	originals.NoHost:          "rules.problem.nohost",
	originals.DoesNothing:     "rules.problem.doesnothing",
	originals.TryWithoutMatch: "rules.problem.trywithoutmatch",
	originals.EmptyName:       "rules.problem.emptyname",
	originals.TwiceNamed:      "rules.problem.twicenamed",
	originals.Unreadable:      "rules.problem.unreadable",
}

// FullSize says a picture was saved as its original: its size, and the
// small version's the link gave when known.
func FullSize(t Translator, width, height, smallWidth, smallHeight int) string {
	if smallWidth > 0 && smallHeight > 0 {
		return t.X("original.saved.from", Data{"W": width, "H": height, "SW": smallWidth, "SH": smallHeight})
	}
	return t.X("original.saved", Data{"W": width, "H": height})
}
