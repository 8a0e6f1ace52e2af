package links

import "testing"

func TestLineCounter(t *testing.T) {
	tests := []struct {
		name   string
		tokens []string
		want   int
	}{
		{"no breaks", []string{"<p>", "text", "</p>"}, 1},
		{"lf", []string{"a\n", "b\n"}, 3},
		{"crlf inside a token", []string{"a\r\nb\r\n"}, 3},
		{"crlf split between tokens", []string{"a\r", "\nb"}, 2},
		{"lone cr", []string{"\r", "\r"}, 3},
		{"mixed", []string{"a\n\r\n\r"}, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lc := lineCounter{line: 1}
			for _, tok := range tc.tokens {
				lc.advance([]byte(tok))
			}
			if lc.line != tc.want {
				t.Errorf("line = %d, want %d", lc.line, tc.want)
			}
		})
	}
}

func TestSkipJoinedLF(t *testing.T) {
	lc := lineCounter{line: 1}
	lc.advance([]byte("a\r"))
	if got := string(lc.skipJoinedLF([]byte("\nb"))); got != "b" {
		t.Errorf("after a token ending in CR, skipJoinedLF = %q, want %q", got, "b")
	}
	lc.advance([]byte("\nb"))
	if got := string(lc.skipJoinedLF([]byte("\nc"))); got != "\nc" {
		t.Errorf("after a token ending in b, skipJoinedLF = %q, want %q", got, "\nc")
	}
}
