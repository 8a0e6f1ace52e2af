package links

import (
	"slices"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// TestListInTheSystemsOldCodePage: a CSV that Excel saved in the old code
// page (GBK on Chinese Windows, Windows-1252 elsewhere) gives the same
// links as the same list in UTF-8, when that code page is given; a list in
// UTF-8 is read as it is whatever the code page.
func TestListInTheSystemsOldCodePage(t *testing.T) {
	tests := []struct {
		name   string
		list   string
		legacy encoding.Encoding
	}{
		{"GBK", "名称,链接\n风景,https://a.example/图片/风景照片.png\n", simplifiedchinese.GB18030},
		{"Windows-1252", "name,link\nstudent,https://a.example/élève/café.jpg\n", charmap.Windows1252},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := ReadDataWith("list.csv", []byte(tt.list), Options{Legacy: tt.legacy})
			if err != nil || len(want.Links) != 1 {
				t.Fatalf("the list in UTF-8: %v, %v", want.Links, err)
			}
			saved, err := tt.legacy.NewEncoder().Bytes([]byte(tt.list))
			if err != nil {
				t.Fatal(err)
			}
			got, err := ReadDataWith("list.csv", saved, Options{Legacy: tt.legacy})
			if err != nil || !slices.Equal(got.Links, want.Links) {
				t.Errorf("links %v (%v), want %v", got.Links, err, want.Links)
			}
		})
	}
}
