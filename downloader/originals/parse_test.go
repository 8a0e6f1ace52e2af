package originals

import (
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

func TestBuiltinRulesParse(t *testing.T) {
	if n := Builtin().Len(); n < 20 {
		t.Errorf("%d built-in rules, want the whole table", n)
	}
}

// TestBrokenRulesFileNamesItsLine gives Parse broken files: each must fail
// with the line and the kind of mistake, never panic.
func TestBrokenRulesFileNamesItsLine(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		kind       ProblemKind
	}{
		{"not a key", "[a]\nhost = x.com\nthis is not a rule\n", 3, NotAKeyLine},
		{"key first", "host = x.com\n[a]\n", 1, KeyOutsideRule},
		{"unknown key", "[a]\nhost = x.com\nreferrer = https://x.com/\n", 3, UnknownKey},
		{"bad regexp", "[a]\nhost = x.com\nmatch = ^(unclosed\ntry = $1\n", 3, BadPattern},
		{"bad host", "[a]\nhost = http://x.com/\ntry = x\n", 2, BadHost},
		{"bad header", "[a]\nhost = x.com\nmatch = (.*)\ntry = $1\nheader = Referer https://x.com/\n", 5, BadHeader},
		{"no host", "# mine\n[a]\nmatch = (.*)\ntry = $1\n[b]\nhost = y.com\ndrop-query = *\n", 2, NoHost},
		{"does nothing", "[a]\nhost = x.com\nmatch = (.*)\n", 1, DoesNothing},
		{"try without match", "[a]\nhost = x.com\ntry = x.com/a.jpg\n", 1, TryWithoutMatch},
		{"empty name", "[ ]\n", 1, EmptyName},
		{"twice", "[a]\nhost = x.com\ndrop-query = w\n[a]\n", 4, TwiceNamed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.text), "my-rules.txt")
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *ParseError", err)
			}
			if pe.Line != tt.line || pe.Kind != tt.kind || pe.Path != "my-rules.txt" {
				t.Errorf("got %s:%d %s, want line %d %s", pe.Path, pe.Line, pe.Kind, tt.line, tt.kind)
			}
		})
	}
}

// TestUserRulesComeFirstAndReplaceBuiltins loads a user's file that adds a
// rule, replaces one and turns one off; a broken one keeps the built-ins.
func TestUserRulesComeFirstAndReplaceBuiltins(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "picture-rules.txt")
	user := "[my-gallery]\nhost = photos.example.net\nmatch = ^(photos\\.example\\.net/)thumbs/(.+)$\ntry = $1full/$2\n" +
		"[weibo]\nhost = *.sinaimg.cn\nmatch = ^([^/]+)/[^/]+/([^/?]+)\ntry = $1/mw2000/$2\n" +
		"[imgur]\noff = yes\n"
	if err := os.WriteFile(path, []byte(user), 0o600); err != nil {
		t.Fatal(err)
	}
	table, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	first := func(link string) string {
		u, _ := url.Parse(link)
		if p := table.Candidates(u); len(p.Candidates) > 0 {
			return p.Candidates[0].URL
		}
		return ""
	}
	checks := map[string]string{
		"https://photos.example.net/thumbs/a.jpg": "https://photos.example.net/full/a.jpg",
		"https://wx1.sinaimg.cn/orj360/b.jpg":     "https://wx1.sinaimg.cn/mw2000/b.jpg",
		"https://i.imgur.com/AbCdEfGm.jpg":        "",
		"https://i.pinimg.com/236x/aa/bb.jpg":     "https://i.pinimg.com/originals/aa/bb.jpg",
	}
	for link, want := range checks {
		if got := first(link); got != want {
			t.Errorf("%s: first candidate %q, want %q", link, got, want)
		}
	}

	if err := os.WriteFile(path, []byte("[x]\nhost = a.com\nmatch = (\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	table, err = Load(path)
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 3 {
		t.Fatalf("broken file: %v, want its line 3", err)
	}
	if table.Len() != Builtin().Len() {
		t.Errorf("a broken user file left %d rules, want the %d built-in ones", table.Len(), Builtin().Len())
	}
	if _, err := Load(filepath.Join(dir, "none.txt")); err != nil {
		t.Errorf("a missing file: %v", err)
	}
}

// TestAccept judges candidates' answers.
func TestAccept(t *testing.T) {
	big := downloadtest.PictureSized(".png", 800, 600)
	small := Size{Width: 300, Height: 200}
	removed := Candidate{URL: "https://i.imgur.com/a.jpg", FailRedirect: func(s string) bool { return strings.HasSuffix(s, "/removed.png") }}
	tests := []struct {
		name   string
		c      Candidate
		a      Answer
		small  Size
		reason Refusal
	}{
		{"a bigger picture", Candidate{}, Answer{Status: 200, Head: big}, small, Taken},
		{"size not known", Candidate{}, Answer{Status: 200, Head: big}, Size{}, Taken},
		{"smaller", Candidate{}, Answer{Status: 200, Head: big}, Size{Width: 1024, Height: 768}, Smaller},
		{"only the width known", Candidate{}, Answer{Status: 200, Head: big}, Size{Width: 236}, Taken},
		{"a web page", Candidate{}, Answer{Status: 200, Head: []byte("<!doctype html><html><body>Not found</body></html>")}, small, NotAPicture},
		{"forbidden", Candidate{}, Answer{Status: 403, Head: big}, small, NotThere},
		{"missing", Candidate{}, Answer{Status: 404}, small, NotThere},
		{"forced download of another file", Candidate{}, Answer{Status: 200, Head: big,
			Header: http.Header{"Content-Disposition": {`attachment; filename="setup.exe"`}}}, small, NotAPicture},
		{"the site's removed picture", removed, Answer{Status: 200, FinalURL: "https://i.imgur.com/removed.png", Head: big}, Size{}, Redirected},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, got := Accept(tt.c, tt.a, tt.small); got != tt.reason {
				t.Errorf("got %q, want %q", got, tt.reason)
			}
		})
	}
}

// TestTallyGivesUpARuleThatFailsOnAHost checks the batch's politeness.
func TestTallyGivesUpARuleThatFailsOnAHost(t *testing.T) {
	var tally Tally
	for range 4 {
		tally.Note("i.pinimg.com", "pinterest", false)
	}
	if !tally.Skip("i.pinimg.com", "pinterest") {
		t.Error("a rule that failed on 4 links of 4 is still tried")
	}
	if tally.Skip("i.pinimg.com", "other") || tally.Skip("other.example", "pinterest") {
		t.Error("another rule or host is given up too")
	}
	tally.Note("i.pximg.net", "pixiv", true)
	for range 3 {
		tally.Note("i.pximg.net", "pixiv", false)
	}
	if tally.Skip("i.pximg.net", "pixiv") {
		t.Error("a rule that found the original on one link in four is given up")
	}
}
