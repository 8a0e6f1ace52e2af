package thumbnail

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/png"
	"runtime"
	"testing"
)

// claimedPNG is a PNG of a few dozen bytes whose header claims w×h pixels.
func claimedPNG(t *testing.T, w, h uint32) []byte {
	t.Helper()
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		binary.Write(&b, binary.BigEndian, uint32(len(data)))
		crc := crc32.NewIEEE()
		crc.Write([]byte(kind))
		crc.Write(data)
		b.WriteString(kind)
		b.Write(data)
		binary.Write(&b, binary.BigEndian, crc.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8 bits, RGBA
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw := zlib.NewWriter(&z)
	zw.Write(make([]byte, 1024))
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return b.Bytes()
}

func encodePNG(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestAHugeClaimedPictureCostsNothing(t *testing.T) {
	body := claimedPNG(t, 50_000, 50_000)
	s := New(CacheBytes)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	th, err := s.Make(t.Context(), "huge.png", bytes.NewReader(body))
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("a %d-byte PNG claiming 50,000 × 50,000 pixels: %v", len(body), err)
	}
	if th.W != 50_000 || th.H != 50_000 || th.Img != nil {
		t.Errorf("thumb %d × %d with picture %v, want the size known and no picture", th.W, th.H, th.Img != nil)
	}
	const limit = 64 << 20
	n := after.TotalAlloc - before.TotalAlloc
	t.Logf("a %d-byte PNG claiming 50,000 × 50,000 pixels: %d bytes allocated", len(body), n)
	if n >= limit {
		t.Errorf("the thumbnail allocated %d MB, want under 64 MB", n>>20)
	}
	if cached, ok := s.Cached("huge.png"); !ok || cached.W != 50_000 {
		t.Errorf("the size read is not kept: %+v %v", cached, ok)
	}
}

func TestThumbnailsKeepTheShapeAndFullSize(t *testing.T) {
	tests := []struct {
		w, h, tw, th int
	}{
		{800, 600, Side, Side * 600 / 800},
		{100, 50, Side, Side / 2},
		{30, 200, Side * 30 / 200, Side},
		{20, 20, 20, 20},
	}
	s := New(CacheBytes)
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%dx%d", tt.w, tt.h), func(t *testing.T) {
			th, err := s.Make(t.Context(), t.Name(), bytes.NewReader(encodePNG(t, tt.w, tt.h)))
			if err != nil {
				t.Fatal(err)
			}
			b := th.Img.Bounds()
			if th.W != tt.w || th.H != tt.h || b.Dx() != tt.tw || b.Dy() != tt.th {
				t.Errorf("picture %d × %d, thumbnail %v; want %d × %d and %d × %d", th.W, th.H, b, tt.w, tt.h, tt.tw, tt.th)
			}
		})
	}
}

func TestCacheDropsTheLeastRecentlyUsedByBytes(t *testing.T) {
	one := sizeOf(Thumb{Img: image.NewRGBA(image.Rect(0, 0, Side, Side))})
	s := New(3 * one)
	body := encodePNG(t, 200, 200)
	for _, key := range []string{"a", "b", "c"} {
		if _, err := s.Make(t.Context(), key, bytes.NewReader(body)); err != nil {
			t.Fatal(err)
		}
	}
	s.Cached("a") // a is used again, so b is now the oldest
	if _, err := s.Make(t.Context(), "d", bytes.NewReader(body)); err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]bool{"a": true, "b": false, "c": true, "d": true} {
		if _, ok := s.Cached(key); ok != want {
			t.Errorf("%s kept %v, want %v", key, ok, want)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cache.bytes > 3*one {
		t.Errorf("cache holds %d bytes, bound %d", s.cache.bytes, 3*one)
	}
}

func TestNotAPicture(t *testing.T) {
	s := New(CacheBytes)
	if _, err := s.Make(t.Context(), "x", bytes.NewReader([]byte("<html>"))); err == nil {
		t.Error("a page was taken for a picture")
	}
}
