package links

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf16"
)

const pageWithBase = `<!DOCTYPE html>
<html><head>
<base href="https://site.example/gallery/">
<link rel="icon" href="favicon.ico">
<link rel="preconnect" href="https://fonts.example">
<meta property="og:image" content="https://site.example/cover.jpg">
<script>var u = "https://tracker.example/t.js";</script>
</head><body>
<a href="#top">Top</a>
<a href="big/cat.jpg"><img src="small/cat.jpg"
  srcset="small/cat@2x.jpg 2x, /abs/cat@3x.jpg 3x"></a>
<p>Also see https://other.example/dog.png today.</p>
<a href="ftp://files.example/cat.zip">zip</a> <a href="mailto:me@example.com">mail</a>
<img src="data:image/gif;base64,R0lGODlh" data-src="lazy.jpg"> <a href="javascript:void(0)">menu</a>
<a href="https://site.example/p?a=1&amp;b=2">p</a> <img src=" https://site.example/my cat.jpg ">
<a href="https://site.example/gallery/big/cat.jpg#x">again</a>
</body></html>
`

const pageWithoutBase = "<html><body>\r\n" +
	"<img src=\"cat.jpg\">\r\n" +
	"<img src=\"//cdn.example/dog.jpg\">\r\n" +
	"<a href=\"\">self</a><a href=\"https://a.example/x.jpg\">x</a>\r\n" +
	"<img\r\n  src=\"/y.jpg\">\r\n" +
	"</body></html>\r\n"

func TestReadFile(t *testing.T) {
	utf16Text := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune("https://a.example/ü.jpg\r\nftp://a.example/x\r\n")) {
		utf16Text = append(utf16Text, byte(u), byte(u>>8))
	}
	tests := []struct {
		name     string
		file     string
		content  []byte
		links    []string
		dups     int
		problems []Problem
	}{
		{
			name:     "text list",
			file:     "list.txt",
			content:  []byte("https://a.example/1.jpg\nnot a link\nhttps://a.example/1.jpg\n"),
			links:    []string{"https://a.example/1.jpg"},
			dups:     1,
			problems: []Problem{{2, "not a link", ReasonNoLink}},
		},
		{
			name:    "csv without header splits unquoted cells",
			file:    "list.csv",
			content: []byte("https://a.example/x.jpg,cat\n\"https://a.example/y,z.jpg\",\"dog, brown\"\n"),
			links:   []string{"https://a.example/x.jpg", "https://a.example/y,z.jpg"},
		},
		{
			name:    "csv with any header and semicolons",
			file:    "Liste.CSV",
			content: []byte("\uFEFFBild;Titel\r\nhttps://a.example/x.jpg;Katze\r\n"),
			links:   []string{"https://a.example/x.jpg"},
		},
		{
			name:    "tsv",
			file:    "list.tsv",
			content: []byte("https://a.example/x,1.jpg\tcat\n"),
			links:   []string{"https://a.example/x,1.jpg"},
		},
		{
			name:     "markdown",
			file:     "notes.md",
			content:  []byte("# Pictures\n\n- [cat](https://a.example/cat.jpg)\n- <https://a.example/dog.jpg>\n- a thought\n"),
			links:    []string{"https://a.example/cat.jpg", "https://a.example/dog.jpg"},
			problems: []Problem{{5, "- a thought", ReasonNoLink}},
		},
		{
			name:     "utf-16 text from notepad",
			file:     "list.txt",
			content:  utf16Text,
			links:    []string{"https://a.example/ü.jpg"},
			problems: []Problem{{2, "ftp://a.example/x", ReasonScheme}},
		},
		{
			name:    "html page with a base address",
			file:    "page.html",
			content: []byte(pageWithBase),
			links: []string{
				"https://site.example/gallery/favicon.ico",
				"https://site.example/cover.jpg",
				"https://site.example/gallery/big/cat.jpg",
				"https://site.example/gallery/small/cat.jpg",
				"https://site.example/gallery/small/cat@2x.jpg",
				"https://site.example/abs/cat@3x.jpg",
				"https://other.example/dog.png",
				"https://site.example/gallery/lazy.jpg",
				"https://site.example/p?a=1&b=2",
				"https://site.example/my%20cat.jpg",
			},
			dups:     1,
			problems: []Problem{{13, "ftp://files.example/cat.zip", ReasonScheme}},
		},
		{
			name:    "html page without a base address",
			file:    "page.htm",
			content: []byte(pageWithoutBase),
			links:   []string{"https://cdn.example/dog.jpg", "https://a.example/x.jpg"},
			problems: []Problem{
				{2, "cat.jpg", ReasonRelative},
				{5, "/y.jpg", ReasonRelative},
			},
		},
		{
			name:     "saved page with a text name is read as html",
			file:     "saved.txt",
			content:  []byte("\n  <!doctype html><title>x</title>\n<img src=\"https://a.example/i.jpg\"><img src=\"rel.jpg\">"),
			links:    []string{"https://a.example/i.jpg"},
			problems: []Problem{{3, "rel.jpg", ReasonRelative}},
		},
		{
			name:    "empty file",
			file:    "empty.txt",
			content: nil,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.file)
			if err := os.WriteFile(path, tc.content, 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := ReadFile(path)
			if err != nil {
				t.Fatalf("ReadFile: %v", err)
			}
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

func TestReadFileRefuses(t *testing.T) {
	jpeg := []byte{0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0x00, 0x01}
	lateNUL := append([]byte(strings.Repeat("https://a.example/x.jpg\n", 100)), 0, 1, 2)
	tests := []struct {
		name    string
		file    string
		write   func(path string) error
		wantErr error
		says    []string
	}{
		{
			name:    "a photo opened by mistake",
			file:    "holiday.jpg",
			write:   func(p string) error { return os.WriteFile(p, jpeg, 0o600) },
			wantErr: ErrNotText,
			says:    []string{`"holiday.jpg"`, "not-text", "image"},
		},
		{
			name:    "binary bytes after a text start",
			file:    "list.txt",
			write:   func(p string) error { return os.WriteFile(p, lateNUL, 0o600) },
			wantErr: ErrNotText,
			says:    []string{`"list.txt"`, "binary"},
		},
		{
			name: "a file over the size limit",
			file: "huge.txt",
			write: func(p string) error {
				f, err := os.Create(p)
				if err != nil {
					return err
				}
				if err := f.Truncate(MaxFileSize + 1); err != nil {
					f.Close()
					return err
				}
				return f.Close()
			},
			wantErr: ErrTooLarge,
			says:    []string{`"huge.txt"`, "too-large", "50 MB"},
		},
		{
			name:    "a folder",
			file:    "pictures",
			write:   func(p string) error { return os.Mkdir(p, 0o700) },
			wantErr: ErrNotText,
			says:    []string{`"pictures": folder`},
		},
		{
			name:    "a missing file",
			file:    "gone.txt",
			write:   func(string) error { return nil },
			wantErr: fs.ErrNotExist,
			says:    []string{"gone.txt"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), tc.file)
			if err := tc.write(path); err != nil {
				t.Fatal(err)
			}
			got, err := ReadFile(path)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("error = %v, want %v", err, tc.wantErr)
			}
			for _, s := range tc.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
			if !reflect.DeepEqual(got, Result{}) {
				t.Errorf("result = %+v, want none", got)
			}
		})
	}
}
