package ranges

import (
	"slices"
	"testing"
)

func TestFill(t *testing.T) {
	tests := []struct {
		name string
		h    Holes
		s    Span
		want Holes
	}{
		{"front", Holes{{0, 100}}, Span{0, 10}, Holes{{10, 100}}},
		{"middle", Holes{{0, 100}}, Span{40, 60}, Holes{{0, 40}, {60, 100}}},
		{"end", Holes{{0, 100}}, Span{90, 100}, Holes{{0, 90}}},
		{"across two", Holes{{0, 10}, {20, 30}}, Span{5, 25}, Holes{{0, 5}, {25, 30}}},
		{"all", Holes{{0, 10}, {20, 30}}, Span{0, 30}, Holes{}},
		{"outside", Holes{{10, 20}}, Span{0, 10}, Holes{{10, 20}}},
		{"empty span", Holes{{10, 20}}, Span{15, 15}, Holes{{10, 20}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.h.Fill(tt.s)
			if !slices.Equal(got, tt.want) {
				t.Fatalf("Fill = %v; want %v", got, tt.want)
			}
		})
	}
}

func TestParse(t *testing.T) {
	tests := []struct {
		text string
		want Holes
		ok   bool
	}{
		{"", Holes{}, true},
		{"0-10", Holes{{0, 10}}, true},
		{"0-10,20-30", Holes{{0, 10}, {20, 30}}, true},
		{"20-30,0-10", nil, false},
		{"0-10,5-30", nil, false},
		{"10-10", nil, false},
		{"a-b", nil, false},
		{"10", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got, ok := Parse(tt.text)
			if ok != tt.ok || !slices.Equal(got, tt.want) {
				t.Fatalf("Parse(%q) = %v, %v; want %v, %v", tt.text, got, ok, tt.want, tt.ok)
			}
			if ok && got.String() != tt.text {
				t.Fatalf("String() = %q; want %q", got.String(), tt.text)
			}
		})
	}
}

func TestTrackerCheckpoint(t *testing.T) {
	tr := NewTracker(Whole(100))
	tr.Written(0, 30)
	if got := tr.Durable(); !slices.Equal(got, Holes{{0, 100}}) {
		t.Fatalf("Durable before a checkpoint = %v; want the whole file", got)
	}
	if tr.NewCheckpoint() {
		t.Fatal("NewCheckpoint before any checkpoint = true")
	}
	tr.Checkpoint(tr.Holes())
	if !tr.NewCheckpoint() || tr.NewCheckpoint() {
		t.Fatal("NewCheckpoint should say true once after a checkpoint")
	}
	if got, want := tr.Durable().Missing(), int64(70); got != want {
		t.Fatalf("Durable().Missing() = %d; want %d", got, want)
	}
}
