package cli

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"haul/i18n"
)

// badValue remembers the first flag value that could not be read, worded
// for the user ("-rate: "abc" is not a number of requests per second"):
// the flag package's own message ("invalid value ... parse error") says
// neither what was expected nor how to fix it.
type badValue struct {
	err error
}

// named wraps a flag value so that a value it cannot read is reported as
// "-name: <what is wrong>".
type named struct {
	flag.Value
	name string
	bad  *badValue
}

func (n named) String() string {
	if n.Value == nil {
		return ""
	}
	return n.Value.String()
}

func (n named) Set(s string) error {
	if err := n.Value.Set(s); err != nil {
		err = fmt.Errorf("-%s: %w", n.name, err)
		if n.bad.err == nil {
			n.bad.err = err
		}
		return err
	}
	return nil
}

// valueKind says what a flag expects, for the message when it gets
// something else.
type valueKind int

const (
	downloadsValue   valueKind = iota // a whole number of downloads at once
	rateValue                         // requests per second
	triesValue                        // a whole number of tries
	pagesValue                        // a whole number of pages
	durationValue                     // a duration such as 30s
	speedValue                        // bytes per second such as 2MB
	sizeValue                         // a size such as 500MB
	folderValue                       // a folder, not a file
	connectionsValue                  // a whole number of connections per file
	hostRateValue                     // requests per second, minute, hour or day
	filesValue                        // a whole number of files
)

// badValueError words a flag value that could not be read, quoting it:
// "\"abc\" is not a number of requests per second".
func badValueError(kind valueKind, value string) error {
	d := i18n.Data{"Value": strconv.Quote(value)}
	var text string
	switch kind {
	case downloadsValue:
		text = tr().X("cli.badvalue.downloads", d)
	case rateValue:
		text = tr().X("cli.badvalue.rate", d)
	case hostRateValue:
		text = tr().X("cli.badvalue.hostrate", d)
	case triesValue:
		text = tr().X("cli.badvalue.tries", d)
	case pagesValue:
		text = tr().X("cli.badvalue.pages", d)
	case durationValue:
		text = tr().X("cli.badvalue.duration", d)
	case speedValue:
		text = tr().X("cli.badvalue.speed", d)
	case sizeValue:
		text = tr().X("cli.badvalue.size", d)
	case folderValue:
		text = tr().X("cli.badvalue.notfolder", d)
	case connectionsValue:
		text = tr().X("cli.badvalue.connections", d)
	case filesValue:
		text = tr().X("cli.badvalue.files", d)
	}
	return errors.New(text)
}

// numberValue is an int, float64 or time.Duration flag; a value it cannot
// read is worded by its kind.
type numberValue[T int | float64 | time.Duration] struct {
	p     *T
	kind  valueKind
	parse func(string) (T, error)
}

func (v numberValue[T]) String() string {
	if v.p == nil || *v.p == 0 {
		return ""
	}
	if d, ok := any(*v.p).(time.Duration); ok {
		return d.String()
	}
	return fmt.Sprint(*v.p)
}

func (v numberValue[T]) Set(s string) error {
	n, err := v.parse(strings.TrimSpace(s))
	if err != nil {
		return badValueError(v.kind, s)
	}
	*v.p = n
	return nil
}

// intFlag is a whole number flag of the given kind.
func intFlag(p *int, kind valueKind) numberValue[int] {
	return numberValue[int]{p: p, kind: kind, parse: strconv.Atoi}
}

// floatFlag is a decimal number flag of the given kind.
func floatFlag(p *float64, kind valueKind) numberValue[float64] {
	return numberValue[float64]{p: p, kind: kind, parse: parseFinite}
}

// parseFinite reads a decimal number that is neither infinite nor NaN.
func parseFinite(s string) (float64, error) {
	f, err := strconv.ParseFloat(s, 64)
	if err == nil && (math.IsInf(f, 0) || math.IsNaN(f)) {
		err = strconv.ErrSyntax
	}
	return f, err
}

// durationFlag is a duration flag such as 30s or 2m.
func durationFlag(p *time.Duration) numberValue[time.Duration] {
	return numberValue[time.Duration]{p: p, kind: durationValue, parse: time.ParseDuration}
}
