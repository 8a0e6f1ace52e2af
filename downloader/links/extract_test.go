package links

import (
	"reflect"
	"strings"
	"testing"
)

// extractCase is one Extract example; the fuzz test is seeded from these.
type extractCase struct {
	name     string
	in       string
	links    []string
	dups     int
	problems []Problem
}

var extractCases = []extractCase{
	{
		name:  "one per line",
		in:    "https://a.example/1.jpg\nhttps://a.example/2.jpg\n",
		links: []string{"https://a.example/1.jpg", "https://a.example/2.jpg"},
	},
	{
		name:  "prose",
		in:    "Look at https://a.example/cat.jpg, and also http://b.example/dog.png!",
		links: []string{"https://a.example/cat.jpg", "http://b.example/dog.png"},
	},
	{
		name:  "markdown links and images",
		in:    `[Cat](https://a.example/cat.jpg) and ![dog](https://a.example/dog.png "Dog")`,
		links: []string{"https://a.example/cat.jpg", "https://a.example/dog.png"},
	},
	{
		name:  "markdown autolink",
		in:    "<https://a.example/x.jpg>",
		links: []string{"https://a.example/x.jpg"},
	},
	{
		name:  "markdown link whose title is the address",
		in:    "[https://a.example/x](https://a.example/x)",
		links: []string{"https://a.example/x"},
	},
	{
		name:  "markdown layout is not reported",
		in:    "# Cats\n\n---\nhttps://a.example/1.jpg\n```text\n~~~\n* * *\n| --- | :-: |\n",
		links: []string{"https://a.example/1.jpg"},
	},
	{
		name:  "markdown table",
		in:    "| name | link |\n| --- | --- |\n| cat | https://a.example/c.jpg |",
		links: []string{"https://a.example/c.jpg"},
	},
	{
		name:  "csv with header, quoted and unquoted cells",
		in:    "url,name\n\"https://a.example/x,y.jpg\",\"cat, dog\"\nhttps://a.example/z.jpg,zebra\n",
		links: []string{"https://a.example/x,y.jpg", "https://a.example/z.jpg"},
	},
	{
		name:  "csv quoted cells without header",
		in:    `"https://a.example/x,y.jpg","cat, dog"`,
		links: []string{"https://a.example/x,y.jpg"},
	},
	{
		name:  "csv header with semicolons",
		in:    "Image URL;Title\nhttps://a.example/1.jpg;One\n",
		links: []string{"https://a.example/1.jpg"},
	},
	{
		name:     "csv row without a link",
		in:       "url,name\n,just a name\n",
		problems: []Problem{{2, ",just a name", ReasonNoLink}},
	},
	{
		name:  "comma inside an address is kept",
		in:    "https://res.example/image/upload/w_100,h_100/cat.jpg",
		links: []string{"https://res.example/image/upload/w_100,h_100/cat.jpg"},
	},
	{
		name:  "comma between two links",
		in:    "https://a.example/1.jpg,https://a.example/2.jpg,www.example.com/3.jpg",
		links: []string{"https://a.example/1.jpg", "https://a.example/2.jpg", "https://www.example.com/3.jpg"},
	},
	{
		name:  "html attributes with entities",
		in:    `<a href="https://a.example/p?x=1&amp;y=2"><img src='https://a.example/i.jpg' alt='it'></a>`,
		links: []string{"https://a.example/p?x=1&y=2", "https://a.example/i.jpg"},
	},
	{
		name:  "html srcset",
		in:    `<img srcset="https://a.example/s.jpg 1x, https://a.example/l.jpg 2x">`,
		links: []string{"https://a.example/s.jpg", "https://a.example/l.jpg"},
	},
	{
		name:  "html tag lines are not reported",
		in:    "<ul>\n  <li><a href=\"https://a.example/1.jpg\">one</a></li>\n</ul>\n<!-- end -->",
		links: []string{"https://a.example/1.jpg"},
	},
	{
		name:     "crlf line endings",
		in:       "https://a.example/1.jpg\r\nnot a link\r\nhttps://a.example/2.jpg\r\n",
		links:    []string{"https://a.example/1.jpg", "https://a.example/2.jpg"},
		problems: []Problem{{2, "not a link", ReasonNoLink}},
	},
	{
		name:     "lone cr line endings",
		in:       "https://a.example/1.jpg\rnope\rftp://a.example/f",
		links:    []string{"https://a.example/1.jpg"},
		problems: []Problem{{2, "nope", ReasonNoLink}, {3, "ftp://a.example/f", ReasonScheme}},
	},
	{
		name:  "byte order mark",
		in:    "\uFEFFhttps://a.example/1.jpg\nhttps://a.example/2.jpg",
		links: []string{"https://a.example/1.jpg", "https://a.example/2.jpg"},
	},
	{
		name:  "duplicates are counted across lines",
		in:    "https://a.example/1.jpg\nhttps://a.example/2.jpg\nhttps://a.example/1.jpg\nHTTPS://A.EXAMPLE/1.jpg#top\n",
		links: []string{"https://a.example/1.jpg", "https://a.example/2.jpg"},
		dups:  2,
	},
	{
		name:  "a link repeated on one line is one mention",
		in:    "https://a.example/1.jpg https://a.example/1.jpg\nhttps://a.example/1.jpg",
		links: []string{"https://a.example/1.jpg"},
		dups:  1,
	},
	{
		name:  "fragment is dropped",
		in:    "https://a.example/page.html#section-2\nhttps://a.example/a.jpg?x=1#",
		links: []string{"https://a.example/page.html", "https://a.example/a.jpg?x=1"},
	},
	{
		name:  "other schemes are reported with their line",
		in:    "https://a.example/1.jpg\n\nftp://files.example/a.zip\nfile:///C:/pics/cat.jpg\nsftp://host/x\njavascript:alert(1)\ndata:image/png;base64,iVBORw0KGgo=\nmailto:me@example.com",
		links: []string{"https://a.example/1.jpg"},
		problems: []Problem{
			{3, "ftp://files.example/a.zip", ReasonScheme},
			{4, "file:///C:/pics/cat.jpg", ReasonScheme},
			{5, "sftp://host/x", ReasonScheme},
			{6, "javascript:alert(1)", ReasonScheme},
			{7, "data:image/png;base64,iVBORw0KGgo=", ReasonScheme},
			{8, "mailto:me@example.com", ReasonScheme},
		},
	},
	{
		name:     "good and bad link on one line",
		in:       "ftp://a.example/x https://a.example/y",
		links:    []string{"https://a.example/y"},
		problems: []Problem{{1, "ftp://a.example/x", ReasonScheme}},
	},
	{
		name:  "lines without links",
		in:    "hello there\nhttps://a.example/1.jpg\nexample.com/cat.jpg\nwrite to bob@www.example.com\nwww.cats",
		links: []string{"https://a.example/1.jpg"},
		problems: []Problem{
			{1, "hello there", ReasonNoLink},
			{3, "example.com/cat.jpg", ReasonNoLink},
			{4, "write to bob@www.example.com", ReasonNoLink},
			{5, "www.cats", ReasonNoLink},
		},
	},
	{
		name:  "header line naming a link column",
		in:    "URL\nhttps://a.example/1.jpg",
		links: []string{"https://a.example/1.jpg"},
	},
	{
		name:     "header words later in the text are reported",
		in:       "https://a.example/1.jpg\nurl",
		links:    []string{"https://a.example/1.jpg"},
		problems: []Problem{{2, "url", ReasonNoLink}},
	},
	{
		name:     "prose first line is not a header",
		in:       "My cats\nhttps://a.example/1.jpg",
		links:    []string{"https://a.example/1.jpg"},
		problems: []Problem{{1, "My cats", ReasonNoLink}},
	},
	{
		name: "trailing punctuation",
		in:   `See https://a.example/a.jpg. Or https://a.example/b.jpg; https://a.example/c.jpg: "https://a.example/d.jpg" 'https://a.example/e.jpg' https://a.example/f.jpg?! **https://a.example/g.jpg**`,
		links: []string{
			"https://a.example/a.jpg", "https://a.example/b.jpg", "https://a.example/c.jpg", "https://a.example/d.jpg",
			"https://a.example/e.jpg", "https://a.example/f.jpg", "https://a.example/g.jpg",
		},
	},
	{
		name:  "balanced parentheses stay, unbalanced go",
		in:    "(see https://en.wikipedia.org/wiki/Foo_(bar)) and [https://a.example/x.jpg]\n[Foo](https://en.wikipedia.org/wiki/Baz_(qux))",
		links: []string{"https://en.wikipedia.org/wiki/Foo_(bar)", "https://a.example/x.jpg", "https://en.wikipedia.org/wiki/Baz_(qux)"},
	},
	{
		name:  "unicode quotes and brackets",
		in:    "“https://a.example/x.jpg” «https://a.example/y.jpg» 「https://a.example/z.jpg」です https://a.example/w.jpg。",
		links: []string{"https://a.example/x.jpg", "https://a.example/y.jpg", "https://a.example/z.jpg", "https://a.example/w.jpg"},
	},
	{
		name:  "www without a scheme",
		in:    "www.example.com/x.jpg and WWW.Example.com/y.jpg.",
		links: []string{"https://www.example.com/x.jpg", "https://www.example.com/y.jpg"},
	},
	{
		name:  "ipv6 hosts and ports",
		in:    "http://[::1]:8080/a.png\nhttp://127.0.0.1:9000/b.png\nhttps://a.example:8443/c.png\n[img](http://[::1]:8080/d.png)",
		links: []string{"http://[::1]:8080/a.png", "http://127.0.0.1:9000/b.png", "https://a.example:8443/c.png", "http://[::1]:8080/d.png"},
	},
	{
		name:     "bad ports",
		in:       "http://a.example:99999/x\nhttp://a.example:abc/x",
		problems: []Problem{{1, "http://a.example:99999/x", ReasonPort}, {2, "http://a.example:abc/x", ReasonPort}},
	},
	{
		name: "no site name",
		in:   "https:///x.jpg\nhttp:cat.jpg\nhttps://",
		problems: []Problem{
			{1, "https:///x.jpg", ReasonNoHost},
			{2, "http:cat.jpg", ReasonNoHost},
			{3, "https://", ReasonNoHost},
		},
	},
	{
		name:     "invalid characters",
		in:       "https://a.example/%zz.jpg\nhttp://a^b.example/x",
		problems: []Problem{{1, "https://a.example/%zz.jpg", ReasonInvalid}, {2, "http://a^b.example/x", ReasonInvalid}},
	},
	{
		name:  "a space from a decoded entity is encoded, as browsers do",
		in:    `<img src="https://a.example/my&#32;cat.jpg">`,
		links: []string{"https://a.example/my%20cat.jpg"},
	},
	{
		name:     "a decoded entity may not add a line break",
		in:       `<img src="https://a.example/my&#10;cat.jpg">`,
		problems: []Problem{{1, "https://a.example/my&#10;cat.jpg", ReasonInvalid}},
	},
	{
		name:  "percent-encoded addresses are kept as written",
		in:    "https://a.example/my%20cat.jpg?q=a%26b&b=2&a=1",
		links: []string{"https://a.example/my%20cat.jpg?q=a%26b&b=2&a=1"},
	},
	{
		name:  "non-ascii site names and paths",
		in:    "https://例え.テスト/猫.jpg\nhttps://a.example/café/photo.jpg\nhttps://BÜCHER.example/Ä.jpg",
		links: []string{"https://例え.テスト/猫.jpg", "https://a.example/café/photo.jpg", "https://bücher.example/Ä.jpg"},
	},
	{
		name:  "scheme and site lowercased, rest kept",
		in:    "HTTPS://User:Pw@A.Example/Path/IMG.JPG?B=2",
		links: []string{"https://User:Pw@a.example/Path/IMG.JPG?B=2"},
	},
	{
		name:  "label glued to a link",
		in:    "Link:https://a.example/x.jpg\n1.https://a.example/y.jpg",
		links: []string{"https://a.example/x.jpg", "https://a.example/y.jpg"},
	},
	{
		name:  "blank lines are ignored",
		in:    "  \n\t\nhttps://a.example/1.jpg\n \u00a0 \n",
		links: []string{"https://a.example/1.jpg"},
	},
	{
		name:     "prose mentioning a scheme is not a link",
		in:       "https://a.example/1.jpg\nhttp: is older than https:",
		links:    []string{"https://a.example/1.jpg"},
		problems: []Problem{{2, "http: is older than https:", ReasonNoLink}},
	},
	{
		name: "empty text",
	},
}

func TestExtract(t *testing.T) {
	for _, tc := range extractCases {
		t.Run(tc.name, func(t *testing.T) {
			got := Extract(tc.in)
			if !reflect.DeepEqual(got.Links, tc.links) {
				t.Errorf("links:\n got %q\nwant %q", got.Links, tc.links)
			}
			if got.Duplicates != tc.dups {
				t.Errorf("duplicates = %d, want %d", got.Duplicates, tc.dups)
			}
			if !reflect.DeepEqual(got.Problems, tc.problems) {
				t.Errorf("problems:\n got %+v\nwant %+v", got.Problems, tc.problems)
			}
		})
	}
}

func TestExtractLongLines(t *testing.T) {
	long := "https://a.example/" + strings.Repeat("a", maxLinkLen)
	tests := []struct {
		name     string
		in       string
		links    int
		problems []Reason
	}{
		{"a megabyte of prose", strings.Repeat("word ", 200_000) + "https://a.example/x.jpg", 1, nil},
		{"a megabyte without spaces", strings.Repeat("x", 1<<20), 0, []Reason{ReasonNoLink}},
		{"many colons", strings.Repeat("a:", 500_000), 0, []Reason{ReasonNoLink}},
		{"many false www starts", strings.Repeat("www.a!", 200_000), 0, []Reason{ReasonNoLink}},
		{"many false scheme starts", strings.Repeat("http:. ", 200_000), 0, []Reason{ReasonNoLink}},
		{"an address too long to be real", long, 0, []Reason{ReasonTooLong}},
		{"a long data address", "data:image/png;base64," + strings.Repeat("QUJD", 100_000), 0, []Reason{ReasonScheme}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Extract(tc.in)
			if len(got.Links) != tc.links {
				t.Errorf("got %d links, want %d", len(got.Links), tc.links)
			}
			var reasons []Reason
			for _, p := range got.Problems {
				reasons = append(reasons, p.Reason)
				if n := len([]rune(p.Text)); n > maxProblemText+1 {
					t.Errorf("problem text is %d characters, want at most %d", n, maxProblemText+1)
				}
			}
			if !reflect.DeepEqual(reasons, tc.problems) {
				t.Errorf("reasons = %q, want %q", reasons, tc.problems)
			}
		})
	}
}

func TestClip(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"short text is trimmed", "  hello \t", "hello"},
		{"long text is cut with an ellipsis", strings.Repeat("é", 250), strings.Repeat("é", 200) + "…"},
		{"invalid bytes are replaced", "a\xffb", "a\uFFFDb"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := clip(tc.in); got != tc.want {
				t.Errorf("clip = %q, want %q", got, tc.want)
			}
		})
	}
}
