package i18n

import (
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/language"
)

// UserLanguage picks the command line's language: the one the environment
// names the gettext way (LC_ALL, LC_MESSAGES, LANG, LANGUAGE; Git Bash and
// MSYS2 set them), and when it names none, the system's: on Windows, which
// sets none of them, the user's display language. English when neither
// has a catalogue.
func UserLanguage(getenv func(string) string) language.Tag {
	return pickLanguage(getenv, systemLanguage)
}

// pickLanguage is UserLanguage with the system's language asked of system.
func pickLanguage(getenv func(string) string, system func() string) language.Tag {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"} {
		if getenv(name) != "" {
			return FromEnvironment(getenv)
		}
	}
	return Match(system())
}

// codePageNames are the encodings of Windows' legacy ("ANSI") code pages
// for the languages that have one of their own, by number, as the WHATWG
// names them. GB18030 reads all of GBK (936) and more.
var codePageNames = map[uint32]string{
	874: "windows-874", 932: "shift_jis", 936: "gb18030", 949: "euc-kr", 950: "big5",
	1250: "windows-1250", 1251: "windows-1251", 1252: "windows-1252", 1253: "windows-1253",
	1254: "windows-1254", 1255: "windows-1255", 1256: "windows-1256", 1257: "windows-1257",
	1258: "windows-1258",
}

// codePageEncoding is the encoding of Windows' legacy code page cp, or nil
// for one without a legacy encoding (65001, UTF-8) or none (0, elsewhere).
func codePageEncoding(cp uint32) encoding.Encoding {
	name, ok := codePageNames[cp]
	if !ok {
		return nil
	}
	e, err := htmlindex.Get(name)
	if err != nil {
		return nil
	}
	return e
}
