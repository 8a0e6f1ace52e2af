package links

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

func FuzzExtract(f *testing.F) {
	for _, tc := range extractCases {
		f.Add(tc.in)
	}
	for _, tc := range edgeCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkResult(t, text, Extract(text))
	})
}

func FuzzHTMLLinks(f *testing.F) {
	f.Add(pageWithBase)
	f.Add(pageWithoutBase)
	for _, tc := range extractCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		checkResult(t, doc, extractHTML(doc, Options{}))
	})
}

// checkResult asserts what must hold for any input: links are unique,
// downloadable addresses without fragments, and problems point at real lines.
func checkResult(t *testing.T, text string, res Result) {
	t.Helper()
	checkLinks(t, res.Links)
	if res.Duplicates < 0 {
		t.Errorf("duplicates = %d", res.Duplicates)
	}
	checkProblems(t, text, res.Problems)
}

// checkLinks asserts that links are unique, downloadable addresses without
// fragments, spaces or control characters.
func checkLinks(t *testing.T, links []string) {
	t.Helper()
	seen := make(map[string]bool)
	for _, link := range links {
		u, err := url.Parse(link)
		if err != nil {
			t.Fatalf("link %q does not parse: %v", link, err)
		}
		if u.Scheme != "http" && u.Scheme != "https" {
			t.Errorf("link %q has scheme %q", link, u.Scheme)
		}
		if u.Hostname() == "" {
			t.Errorf("link %q has no host", link)
		}
		if u.Fragment != "" || strings.Contains(link, "#") {
			t.Errorf("link %q keeps a fragment", link)
		}
		if strings.ContainsFunc(link, func(r rune) bool { return r <= ' ' || r == 0x7f }) {
			t.Errorf("link %q holds a space or control character", link)
		}
		if seen[link] {
			t.Errorf("link %q is listed twice", link)
		}
		seen[link] = true
	}
}

// checkProblems asserts that problems point at real lines of text, with a
// reason and a short, valid excerpt.
func checkProblems(t *testing.T, text string, problems []Problem) {
	t.Helper()
	lines := lineCount(text)
	for _, p := range problems {
		if p.Line < 1 || p.Line > lines {
			t.Errorf("problem %+v is on line %d of %d", p, p.Line, lines)
		}
		if p.Reason == "" {
			t.Errorf("problem %+v has no reason", p)
		}
		if !utf8.ValidString(p.Text) || utf8.RuneCountInString(p.Text) > maxProblemText+1 {
			t.Errorf("problem text %q is not short, valid text", p.Text)
		}
	}
}

// lineCount counts lines the way a text editor does: "\r\n", "\n" and a lone
// "\r" each end one.
func lineCount(text string) int {
	return 1 + strings.Count(text, "\n") + strings.Count(text, "\r") - strings.Count(text, "\r\n")
}
