package links

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestExtractPatterns(t *testing.T) {
	tests := []struct {
		name         string
		text         string
		opt          Options
		links        []string
		dups         int
		patterns     int
		fromPatterns int
		problem      Reason
	}{
		{
			name:         "zero padding kept, repeat of an expanded link counted",
			text:         "https://s.example/p[08-10].jpg\nhttps://s.example/p09.jpg\n",
			links:        []string{"https://s.example/p08.jpg", "https://s.example/p09.jpg", "https://s.example/p10.jpg"},
			dups:         1,
			patterns:     1,
			fromPatterns: 3,
		},
		{
			name:         "site name pattern and braces",
			text:         "see https://img[1-2].s.example/a.{jpg,png} today",
			links:        []string{"https://img1.s.example/a.jpg", "https://img1.s.example/a.png", "https://img2.s.example/a.jpg", "https://img2.s.example/a.png"},
			patterns:     1,
			fromPatterns: 4,
		},
		{
			name:  "real brackets kept",
			text:  "http://[::1]:8080/a.jpg\nhttps://s.example/q?tag[]=x\n",
			links: []string{"http://[::1]:8080/a.jpg", "https://s.example/q?tag[]=x"},
		},
		{
			name:  "literal",
			text:  "https://s.example/p[1-3].jpg",
			opt:   Options{Literal: true},
			links: []string{"https://s.example/p[1-3].jpg"},
		},
		{
			name:    "too many",
			text:    "https://s.example/[1-1000]/[1-1000].jpg",
			problem: ReasonTooManyFromPattern,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := ExtractWith(tt.text, tt.opt)
			if !reflect.DeepEqual(res.Links, tt.links) {
				t.Errorf("links\n got %q\nwant %q", res.Links, tt.links)
			}
			if res.Duplicates != tt.dups || res.Patterns != tt.patterns || res.FromPatterns != tt.fromPatterns {
				t.Errorf("duplicates, patterns, from patterns = %d, %d, %d; want %d, %d, %d",
					res.Duplicates, res.Patterns, res.FromPatterns, tt.dups, tt.patterns, tt.fromPatterns)
			}
			if tt.problem == "" && len(res.Problems) > 0 {
				t.Errorf("problems: %+v", res.Problems)
			}
			if tt.problem != "" && (len(res.Problems) != 1 || res.Problems[0].Reason != tt.problem) {
				t.Errorf("problems = %+v, want one saying %q", res.Problems, tt.problem)
			}
		})
	}
}

func TestReadFilePatterns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "list.txt")
	if err := os.WriteFile(path, []byte("https://s.example/[a-c].jpg\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := ReadFile(path)
	if err != nil || len(res.Links) != 3 {
		t.Fatalf("ReadFile: %q, %v; want 3 links", res.Links, err)
	}
	res, err = ReadFileWith(path, Options{Literal: true})
	if err != nil || !reflect.DeepEqual(res.Links, []string{"https://s.example/[a-c].jpg"}) {
		t.Fatalf("ReadFileWith literal: %q, %v", res.Links, err)
	}
}

// BenchmarkExtractPattern100k reads the largest pattern allowed, as when
// it is pasted.
func BenchmarkExtractPattern100k(b *testing.B) {
	for b.Loop() {
		if res := Extract("https://images.example.com/gallery/[000001-100000].jpg"); len(res.Links) != 100_000 {
			b.Fatal(len(res.Links))
		}
	}
}
