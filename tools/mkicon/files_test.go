package main

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/bmp"
)

func TestWriteICO(t *testing.T) {
	var buf bytes.Buffer
	if err := writeICO(&buf, icoSizes); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	var header icoHeader
	r := bytes.NewReader(data)
	if err := binary.Read(r, binary.LittleEndian, &header); err != nil {
		t.Fatal(err)
	}
	if header.Type != 1 || int(header.Count) != len(icoSizes) {
		t.Fatalf("header = %+v, want type 1 with %d images", header, len(icoSizes))
	}
	entries := make([]icoEntry, header.Count)
	if err := binary.Read(r, binary.LittleEndian, entries); err != nil {
		t.Fatal(err)
	}
	for i, e := range entries {
		want := icoSizes[i]
		if int(e.Width) != want%256 || int(e.Height) != want%256 {
			t.Errorf("entry %d says %dx%d, want %d (0 means 256)", i, e.Width, e.Height, want)
		}
		img, err := png.Decode(bytes.NewReader(data[e.Offset : e.Offset+e.Size]))
		if err != nil {
			t.Fatalf("entry %d: decode PNG: %v", i, err)
		}
		if b := img.Bounds(); b.Dx() != want || b.Dy() != want {
			t.Errorf("entry %d is %dx%d, want %dx%d", i, b.Dx(), b.Dy(), want, want)
		}
	}
}

func TestWriteICORefusesTooLarge(t *testing.T) {
	if err := writeICO(&bytes.Buffer{}, []int{512}); err == nil {
		t.Error("writeICO(512) succeeded, want an error: .ico holds at most 256×256")
	}
}

func TestWriteHicolor(t *testing.T) {
	root := t.TempDir()
	if err := writeHicolor(root, "io.haul.app"); err != nil {
		t.Fatal(err)
	}
	for _, size := range hicolorSizes {
		path := filepath.Join(root, fmt.Sprintf("%dx%d", size, size), "apps", "io.haul.app.png")
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != size || cfg.Height != size {
			t.Errorf("%s: %dx%d, %v; want %dx%d", path, cfg.Width, cfg.Height, err, size, size)
		}
	}
}

// TestWriteWizardBMP: the installer's picture is the 164×314 24-bit BMP
// NSIS takes, with the icon's blue in its upper third.
func TestWriteWizardBMP(t *testing.T) {
	path := filepath.Join(t.TempDir(), "wizard.bmp")
	if err := writeWizardBMP(path); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := bmp.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 164 || b.Dy() != 314 {
		t.Errorf("the picture is %v, want 164×314", b)
	}
	head, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if bpp := binary.LittleEndian.Uint16(head[28:30]); bpp != 24 {
		t.Errorf("%d bits per pixel, want 24", bpp)
	}
	r, g, b, _ := img.At(164/2, 314/3+45).RGBA()
	if b>>8 < 0xc0 || r>>8 > 0x40 || g>>8 > 0x90 {
		t.Errorf("below the icon's arrow the colour is %d,%d,%d, want the icon's blue", r>>8, g>>8, b>>8)
	}
}
