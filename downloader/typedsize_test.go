package downloader

import "testing"

func TestParseSizeAndSpeed(t *testing.T) {
	tests := []struct {
		in      string
		size    int64
		sizeOK  bool
		speed   int64
		speedOK bool
	}{
		{"", 0, true, 0, true},
		{"0", 0, true, 0, true},
		{"500MB", 500_000_000, true, 500_000_000, true},
		{" 2 GiB ", 2 << 30, true, 2 << 30, true},
		{"750k", 750_000, true, 750_000, true},
		{"1.5 mb", 1_500_000, true, 1_500_000, true},
		{"2MB/s", 0, false, 2_000_000, true},
		{"2 MB/S", 0, false, 2_000_000, true},
		{"1.5 MiBps", 0, false, 1_572_864, true},
		{"fast", 0, false, 0, false},
		{"-5MB", 0, false, 0, false},
		{"/s", 0, false, 0, false},
		{"9 EB", 0, false, 0, false},
	}
	for _, tt := range tests {
		if got, ok := ParseSize(tt.in); got != tt.size || ok != tt.sizeOK {
			t.Errorf("ParseSize(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.size, tt.sizeOK)
		}
		if got, ok := ParseSpeed(tt.in); got != tt.speed || ok != tt.speedOK {
			t.Errorf("ParseSpeed(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.speed, tt.speedOK)
		}
	}
}
