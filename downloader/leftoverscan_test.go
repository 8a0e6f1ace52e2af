package downloader

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

func TestHoldsPartFile(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		want  bool
	}{
		{"empty folder", nil, false},
		{"finished files only", []string{"a.jpg", "b.png", "part", "a.partial"}, false},
		{"one temporary file", []string{"a.jpg", "b.png.part"}, true},
		{"a temporary file after a thousand others", append(numbered(1500), "z.bin.part"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tt.files {
				if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if got := holdsPartFile(dir); got != tt.want {
				t.Errorf("holdsPartFile = %v, want %v", got, tt.want)
			}
		})
	}
	if holdsPartFile(filepath.Join(t.TempDir(), "missing")) {
		t.Error("a folder that does not exist holds no temporary file")
	}
}

func numbered(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("f%04d.bin", i)
	}
	return names
}
