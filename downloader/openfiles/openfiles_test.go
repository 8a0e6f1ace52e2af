package openfiles

import "testing"

func TestFor(t *testing.T) {
	tests := []struct {
		name                     string
		limit, downloads, syncs  int
		wantDownloads, wantSyncs int
	}{
		{"unknown limit", 0, 64, 256, 64, 256},
		{"ulimit -n 128", 128, 64, 256, 24, 24},
		{"ulimit -n 1024", 1024, 64, 256, 64, 248},
		{"a large limit", 1 << 20, 256, 256, 256, 256},
		{"below what Haul needs", 20, 64, 256, 1, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := For(tc.limit, tc.downloads, tc.syncs)
			if b.Downloads != tc.wantDownloads || b.Syncs != tc.wantSyncs {
				t.Errorf("For(%d) = %+v, want %d downloads and %d syncs", tc.limit, b, tc.wantDownloads, tc.wantSyncs)
			}
			if tc.limit > 0 && b.Downloads > 1 && reserved+perDownload*b.Downloads+b.Syncs > tc.limit {
				t.Errorf("For(%d) = %+v holds more files than the limit", tc.limit, b)
			}
		})
	}
}
