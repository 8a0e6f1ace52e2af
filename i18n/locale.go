package i18n

import (
	"strings"

	"golang.org/x/text/language"
)

// Chinese is Simplified Chinese, the language of the zh_Hans catalogue.
var Chinese = language.SimplifiedChinese

// supported are the languages with a catalogue, English first as the fallback.
var supported = []language.Tag{language.English, Chinese}

var matcher = language.NewMatcher(supported)

// Match picks the catalogue language for a locale name such as
// "zh_CN.UTF-8", "zh-Hans" or "en_GB"; anything else, including "C" and
// "POSIX", is English.
func Match(locale string) language.Tag {
	locale, _, _ = strings.Cut(locale, ".")
	locale, _, _ = strings.Cut(locale, "@")
	if locale == "" || locale == "C" || locale == "POSIX" {
		return language.English
	}
	tag, err := language.Parse(locale)
	if err != nil {
		return language.English
	}
	_, i, conf := matcher.Match(tag)
	if conf == language.No {
		return language.English
	}
	return supported[i]
}

// FromEnvironment picks the language the way gettext does: the first of
// LC_ALL, LC_MESSAGES and LANG that is set, unless LANGUAGE (a list such
// as "zh_CN:en") names one first; a C or POSIX locale means English.
func FromEnvironment(getenv func(string) string) language.Tag {
	locale := ""
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if locale = getenv(name); locale != "" {
			break
		}
	}
	if locale == "C" || locale == "POSIX" {
		return language.English
	}
	for _, l := range strings.Split(getenv("LANGUAGE"), ":") {
		if l != "" {
			return Match(l)
		}
	}
	return Match(locale)
}
