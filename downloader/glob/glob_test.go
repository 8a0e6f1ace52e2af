package glob

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"
)

func TestParseExpands(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"https://s.example/p[1-3].jpg", []string{"https://s.example/p1.jpg", "https://s.example/p2.jpg", "https://s.example/p3.jpg"}},
		{"https://s.example/[08-11].jpg", []string{"https://s.example/08.jpg", "https://s.example/09.jpg", "https://s.example/10.jpg", "https://s.example/11.jpg"}},
		{"https://s.example/[0-10:5]", []string{"https://s.example/0", "https://s.example/5", "https://s.example/10"}},
		{"https://s.example/[a-c].png", []string{"https://s.example/a.png", "https://s.example/b.png", "https://s.example/c.png"}},
		{"https://s.example/[A-E:2]", []string{"https://s.example/A", "https://s.example/C", "https://s.example/E"}},
		{"https://s.example/p[1-2]-{a,b}", []string{"https://s.example/p1-a", "https://s.example/p1-b", "https://s.example/p2-a", "https://s.example/p2-b"}},
		{"https://s.example/x.{jpg,png,}", []string{"https://s.example/x.jpg", "https://s.example/x.png", "https://s.example/x."}},
		{"https://img[1-2].s.example/a.jpg", []string{"https://img1.s.example/a.jpg", "https://img2.s.example/a.jpg"}},
		{`https://s.example/\[1-2\].jpg`, []string{"https://s.example/[1-2].jpg"}},
		{"https://s.example/[5-5]", []string{"https://s.example/5"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			p, ok := Parse(tt.in)
			if !ok {
				t.Fatal("not read as a pattern")
			}
			got, err := p.Links()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
			if p.Count() != int64(len(tt.want)) {
				t.Errorf("Count = %d, want %d", p.Count(), len(tt.want))
			}
		})
	}
}

func TestParseLeavesRealBracketsAlone(t *testing.T) {
	for _, in := range []string{
		"https://s.example/a.jpg",
		"http://[::1]:8080/a.jpg",
		"http://[2001:db8::7]/x[1].jpg",
		"http://[fe80::1%25eth0]/a.jpg",
		"https://s.example/search?tag[]=cats&tag[]=dogs",
		"https://s.example/list?a[0]=1",
		"https://s.example/api/{id}/photo.jpg",
		"https://s.example/[9-1].jpg",
		"https://s.example/[a-9].jpg",
		"https://s.example/[a-Z].jpg",
		"https://s.example/[1-2:0].jpg",
		"https://s.example/[1-].jpg",
		"https://s.example/[1-2",
		"https://s.example/{a,b",
		"https://en.wikipedia.org/wiki/Foo_(bar)",
	} {
		t.Run(in, func(t *testing.T) {
			if p, ok := Parse(in); ok {
				links, _ := p.Links()
				t.Fatalf("read as a pattern of %d links: %q", p.Count(), links)
			}
		})
	}
}

func TestTooMany(t *testing.T) {
	tests := []struct {
		in    string
		count int64
	}{
		{"https://s.example/[1-100001]", 100_001},
		{"https://s.example/[1-1000]/[1-1000]", 1_000_000},
		{"https://s.example/[1-999999999999999999][1-999999999999999999]", math.MaxInt64},
	}
	for _, tt := range tests {
		p, ok := Parse(tt.in)
		if !ok {
			t.Fatalf("%s: not a pattern", tt.in)
		}
		_, err := p.Links()
		var tm *TooManyError
		if !errors.As(err, &tm) || tm.Count != tt.count {
			t.Fatalf("%s: err = %v, want TooManyError with count %d", tt.in, err, tt.count)
		}
		if !strings.Contains(err.Error(), "split it into smaller ranges") {
			t.Errorf("message %q says nothing to do", err)
		}
	}
	p, _ := Parse("https://s.example/[1-100000]")
	if links, err := p.Links(); err != nil || len(links) != MaxLinks || links[MaxLinks-1] != "https://s.example/100000" {
		t.Fatalf("exactly MaxLinks: %d links, %v", len(links), err)
	}
}

func ExamplePattern_Links() {
	p, _ := Parse("https://example.com/img/[001-120].jpg")
	links, _ := p.Links()
	fmt.Println(len(links), links[0], links[119])
	// Output: 120 https://example.com/img/001.jpg https://example.com/img/120.jpg
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"https://a/[1-3]{x,y}", `\[`, "[a-z:3]", "{,}", "[001-010:4]", "[::1]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, ok := Parse(s)
		if !ok {
			return
		}
		if p.Count() < 1 {
			t.Fatalf("Count %d", p.Count())
		}
		if p.Count() > 1000 {
			return
		}
		links, err := p.Links()
		if err != nil || int64(len(links)) != p.Count() {
			t.Fatalf("%d links for count %d, %v", len(links), p.Count(), err)
		}
	})
}

// BenchmarkLinks100k expands the largest pattern allowed.
func BenchmarkLinks100k(b *testing.B) {
	p, _ := Parse("https://images.example.com/gallery/[000001-100000].jpg")
	for b.Loop() {
		if links, err := p.Links(); err != nil || len(links) != MaxLinks {
			b.Fatal(len(links), err)
		}
	}
}
