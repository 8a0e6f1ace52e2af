package downloadtest

import (
	"bytes"
	"testing"

	"haul/downloader/sniff"
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

func TestPicture(t *testing.T) {
	tests := []struct {
		name  string
		body  []byte
		start string
	}{
		{"jpeg", Picture(4096, 1), "\xff\xd8\xff"},
		{"named jpeg", PictureNamed("a.JPEG", 100, 1), "\xff\xd8\xff"},
		{"png", PictureNamed("/img/a.png", 100, 1), "\x89PNG\r\n\x1a\n"},
		{"gif", PictureNamed("a.gif", 100, 1), "GIF89a"},
		{"webp", PictureNamed("a.webp", 100, 1), "RIFF"},
		{"any other name", PictureNamed("a.bin", 100, 1), "\xff\xd8\xff"},
		{"shorter than its start", Picture(2, 1), "\xff\xd8"},
	}
	for _, tt := range tests {
		if !bytes.HasPrefix(tt.body, []byte(tt.start)) {
			t.Errorf("%s: starts % x, want % x", tt.name, tt.body[:min(len(tt.body), 8)], tt.start)
		}
	}
	for _, name := range []string{"a.jpg", "a.png", "a.gif", "a.webp"} {
		if f := sniff.Detect(PictureNamed(name, 3000, 9)); !f.IsImage || sniff.FixExtension(name, f) != name {
			t.Errorf("PictureNamed(%q) is taken for %+v, want a picture of its name's format", name, f)
		}
	}
	if !bytes.Equal(Picture(100, 5), Picture(4096, 5)[:100]) || bytes.Equal(Picture(100, 5), Picture(100, 6)) {
		t.Error("Picture is not deterministic by its seed, with shorter runs as prefixes")
	}
	if !bytes.Equal(Picture(4096, 5)[20:], Data(4096, 5)[20:]) || len(Picture(1000, 3)) != 1000 {
		t.Error("Picture does not go on as Data does, or has the wrong length")
	}
}
