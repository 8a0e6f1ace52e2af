package downloadtest

import (
	"bytes"
	"testing"
)

func TestData(t *testing.T) {
	tests := []struct {
		name     string
		a, b     []byte
		wantSame bool
	}{
		{"same seed gives the same bytes", Data(4096, 42), Data(4096, 42), true},
		{"a shorter run is a prefix", Data(100, 42), Data(4096, 42)[:100], true},
		{"different seeds differ", Data(4096, 1), Data(4096, 2), false},
		{"negative seeds work", Data(4096, -1), Data(4096, 1), false},
	}
	for _, tt := range tests {
		if same := bytes.Equal(tt.a, tt.b); same != tt.wantSame {
			t.Errorf("%s: equal = %v, want %v", tt.name, same, tt.wantSame)
		}
	}
	for _, n := range []int{0, 1, 1000, 1 << 20} {
		if got := len(Data(n, 7)); got != n {
			t.Errorf("len(Data(%d)) = %d", n, got)
		}
	}
	if bytes.Count(Data(1<<16, 3), []byte{0}) > 1024 {
		t.Error("Data looks too regular to be pseudo-random")
	}
}

func BenchmarkData64MiB(b *testing.B) {
	b.SetBytes(64 << 20)
	for b.Loop() {
		Data(64<<20, 1)
	}
}

func BenchmarkHandle64MiB(b *testing.B) {
	s := New()
	defer s.Close()
	body := Data(64<<20, 1)
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		s.Handle("/big", body)
	}
}
