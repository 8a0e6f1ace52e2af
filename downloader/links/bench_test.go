package links

import (
	"fmt"
	"strings"
	"testing"
)

// tenThousandLinks is a pasted list of 10,000 distinct links.
func tenThousandLinks() string {
	var b strings.Builder
	for i := range 10_000 {
		fmt.Fprintf(&b, "https://images.example.com/gallery/%d/cat-%05d.jpg?size=large\n", i%37, i)
	}
	return b.String()
}

func TestExtractTenThousandLinks(t *testing.T) {
	if got := Extract(tenThousandLinks()); len(got.Links) != 10_000 || got.Duplicates != 0 || len(got.Problems) != 0 {
		t.Fatalf("got %d links, %d duplicates, %d problems; want 10000, 0, 0", len(got.Links), got.Duplicates, len(got.Problems))
	}
}

func BenchmarkExtract10000(b *testing.B) {
	text := tenThousandLinks()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Extract(text)
	}
}
