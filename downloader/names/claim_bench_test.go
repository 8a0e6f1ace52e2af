package names

import (
	"fmt"
	"testing"

	"haul/downloader/disk"
)

// BenchmarkClaimName names 10,000 downloads into one folder: all wanting
// the same name ("original.jpg", "original (2).jpg", …) or all different.
func BenchmarkClaimName(b *testing.B) {
	const n = 10_000
	for _, tc := range []struct {
		name string
		want func(i int) string
	}{
		{"10k-same-name", func(int) string { return "original.jpg" }},
		{"10k-distinct", func(i int) string { return fmt.Sprintf("picture-%d.jpg", i) }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			wants := make([]string, n)
			for i := range wants {
				wants[i] = tc.want(i)
			}
			for b.Loop() {
				b.StopTimer()
				dir := b.TempDir()
				f := New(disk.New(1, nil), func(disk.Tag) bool { return false })
				b.StartTimer()
				for i := range wants {
					w := Want{ID: ID(i + 1), Dir: dir, Link: fmt.Sprintf("http://example.test/%d/%s", i, wants[i]), Name: wants[i], Total: -1}
					if f.Claim(w).Kind == Skip {
						b.Fatal("skipped")
					}
				}
			}
		})
	}
}
