package downloader

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"
)

// TestPictureNamedAsAProgramKeepsAPictureName: a server that names a
// picture as a program or a shortcut has it saved under the picture's
// extension, so opening it never runs anything.
func TestPictureNamedAsAProgramKeepsAPictureName(t *testing.T) {
	tests := []struct{ served, want string }{
		{"Photo.jpg.lnk", "Photo.png"},
		{"run.desktop", "run.png"},
		{"x.exe", "x.png"},
		{"holiday.scr", "holiday.png"},
	}
	for i, tt := range tests {
		t.Run(tt.served, func(t *testing.T) {
			picture := pngOf(t, 20, 20, uint8(40+i))
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/octet-stream")
				w.Header().Set("Content-Disposition", `attachment; filename="`+tt.served+`"`)
				w.Write(picture)
			}))
			t.Cleanup(srv.Close)
			dir := t.TempDir()
			m := New(testOptions(dir))
			ids := addAll(t, m, srv.URL+"/download?id=3")
			runAll(t, m)
			it := mustItem(t, m, ids[0])
			if it.State != Done || filepath.Base(it.Path) != tt.want {
				t.Fatalf("%v (%v) as %q, want Done as %q", it.State, it.Err, filepath.Base(it.Path), tt.want)
			}
			if fileSum(t, it.Path) != sum256(picture) {
				t.Error("saved bytes are not the picture")
			}
		})
	}
}
