package items

import "testing"

// TestSplitHolesSurviveTheRecord: the missing spans go into the record
// and come back from it; spans that cannot be read fetch the whole file.
func TestSplitHolesSurviveTheRecord(t *testing.T) {
	tests := []struct {
		holes, want string
	}{
		{"0-10,20-30", "0-10,20-30"},
		{"nonsense", "0-100"},
		{"", ""},
	}
	for _, tt := range tests {
		it := newItem(1, "http://127.0.0.1/x", "127.0.0.1", nil)
		it.fromRecord(Record{URL: "http://127.0.0.1/x", Name: "x", OwnsPart: true, Total: 100, Holes: tt.holes})
		if got := it.record().Holes; got != tt.want {
			t.Errorf("holes %q came back as %q; want %q", tt.holes, got, tt.want)
		}
	}
}
