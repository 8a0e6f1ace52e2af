package downloader

import (
	"testing"

	"haul/downloader/downloadtest"
)

// TestSizeLimit: a file over the size limit fails at once, whether its
// length is announced or only found while it downloads, and leaves no file;
// a file within the limit is saved.
func TestSizeLimit(t *testing.T) {
	tests := []struct {
		name string
		size int
		opts []downloadtest.Option
		want State
	}{
		{"announced, too large", 300 << 10, nil, Failed},
		{"not announced, too large", 300 << 10, []downloadtest.Option{downloadtest.NoContentLength()}, Failed},
		{"not announced, within", 100 << 10, []downloadtest.Option{downloadtest.NoContentLength()}, Done},
		{"exactly the limit", 200 << 10, []downloadtest.Option{downloadtest.NoContentLength()}, Done},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t)
			body := downloadtest.Data(tt.size, 31)
			srv.Handle("/f.bin", body, tt.opts...)
			dir := t.TempDir()
			o := testOptions(dir)
			o.MaxSize = 200 << 10
			m := New(o)
			ids := addAll(t, m, srv.URL("/f.bin"))
			runAll(t, m)
			it := mustItem(t, m, ids[0])
			if it.State != tt.want {
				t.Fatalf("state %v (%v), want %v", it.State, it.Err, tt.want)
			}
			if tt.want == Done {
				if fileSum(t, it.Path) != sum256(body) {
					t.Error("saved bytes differ")
				}
				return
			}
			if it.Err.Reason != ReasonTooLarge || it.Err.Size != o.MaxSize || srv.Hits("/f.bin") != 1 {
				t.Errorf("failure %+v after %d requests; want too-large after one", it.Err, srv.Hits("/f.bin"))
			}
			if files := allFiles(t, dir); len(files) != 0 {
				t.Errorf("left files %v", files)
			}
		})
	}
}
