package downloader

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// readableHost is an international site name (IDN) as people read it, in
// its own letters, whether the link holds it percent-encoded (as links are
// kept) or in punycode (as requests send it). A name whose letters mix
// scripts in a way that can pass one site for another (аpple.com with a
// Cyrillic а) is shown in punycode, as careful browsers show it. "" when
// the name is plain ASCII or not a valid international name.
func readableHost(host string) string {
	if !strings.Contains(host, "xn--") && !strings.ContainsFunc(host, func(r rune) bool { return r >= utf8.RuneSelf }) {
		return ""
	}
	ascii, err := idna.Lookup.ToASCII(host)
	if err != nil {
		return ""
	}
	shown, err := idna.Display.ToUnicode(ascii)
	if err != nil {
		return ""
	}
	for label := range strings.SplitSeq(shown, ".") {
		if !oneScript(label) {
			return ascii
		}
	}
	return shown
}

// oneScript says the letters of a site name's label are of one script, or
// of Latin with the scripts written together in Chinese, Japanese and
// Korean, the mixes browsers show in Unicode.
func oneScript(label string) bool {
	scripts := map[string]bool{}
	for _, r := range label {
		if s := scriptOf(r); s != "" {
			scripts[s] = true
		}
	}
	if len(scripts) <= 1 {
		return true
	}
	for _, allowed := range cjkMixes {
		if within(scripts, allowed) {
			return true
		}
	}
	return false
}

// cjkMixes are the scripts a label may mix (with Latin) and still be shown.
var cjkMixes = []map[string]bool{
	{"Latin": true, "Han": true, "Hiragana": true, "Katakana": true},
	{"Latin": true, "Han": true, "Hangul": true},
	{"Latin": true, "Han": true, "Bopomofo": true},
}

// within says every script of scripts is in allowed.
func within(scripts, allowed map[string]bool) bool {
	for s := range scripts {
		if !allowed[s] {
			return false
		}
	}
	return true
}

// scriptOf is the script of a letter; "" for anything else (digits, the
// hyphen, marks shared by scripts).
func scriptOf(r rune) string {
	if !unicode.IsLetter(r) {
		return ""
	}
	for name, table := range unicode.Scripts {
		if name != "Common" && name != "Inherited" && unicode.Is(table, r) {
			return name
		}
	}
	return ""
}

// withHost is link with its site name written as host; link as it is when
// host is "" or the site name cannot be found in it.
func withHost(link, host string) string {
	if host == "" {
		return link
	}
	_, rest, ok := strings.Cut(link, "://")
	if !ok {
		return link
	}
	at := len(link) - len(rest)
	auth := rest
	if end := strings.IndexAny(rest, "/?#"); end >= 0 {
		auth = rest[:end]
	}
	start := strings.LastIndexByte(auth, '@') + 1
	end := len(auth)
	if colon := strings.LastIndexByte(auth[start:], ':'); colon >= 0 {
		end = start + colon
	}
	if start >= end || auth[start] == '[' {
		return link
	}
	return link[:at+start] + host + link[at+end:]
}
