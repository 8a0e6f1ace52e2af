package cli

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

// pictureOf makes a real w×1 PNG.
func pictureOf(t *testing.T, w int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, 1))); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestFromPageIntoTitledFolderWithNameTemplate(t *testing.T) {
	s := newServer(t)
	var html strings.Builder
	html.WriteString("<html><head><title>Cats: the best</title></head><body>")
	want := map[string][]byte{}
	for i := 1; i <= 3; i++ {
		pic := pictureOf(t, i)
		s.Handle(fmt.Sprintf("/img/DSC%d.png", i), pic)
		fmt.Fprintf(&html, `<img src="/img/DSC%d.png">`, i)
		want[fmt.Sprintf("%02d-DSC%d.png", i, i)] = pic
	}
	s.Handle("/cats", []byte(html.String()), downloadtest.Header("Content-Type", "text/html"))

	out := filepath.Join(t.TempDir(), "out")
	r := runGet(t.Context(), "", "-o", out, "-state", "off", "-subfolders", "-name", "{n}-{name}.{ext}", "-from-page", s.URL("/cats"))
	if r.code != exitOK {
		t.Fatalf("exit code %d\n%s", r.code, r.stderr)
	}
	if entries, err := os.ReadDir(out); err != nil || len(entries) != 1 || !entries[0].IsDir() {
		t.Errorf("%s should hold only the page's folder: %v %v", out, entries, err)
	}
	checkFiles(t, filepath.Join(out, "Cats_ the best"), want)
}

func TestNameTemplateWithUnknownFieldIsRefused(t *testing.T) {
	r := runGet(t.Context(), "", "-name", "{title}-{n}", "https://s.example/a.jpg")
	if r.code != exitUsage || !strings.Contains(r.stderr, "{title} is not a field") {
		t.Fatalf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
}
