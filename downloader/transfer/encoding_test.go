package transfer

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"testing"
	"testing/iotest"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/zstd"
)

// TestDecodeTellsTheBodyFromTheEncoding: a body cut on the way, or one
// whose reading fails, keeps its own error (another try may mend it); an
// encoded stream that ends early within a body whose end is known, or
// bytes that are not of the encoding, are a DecodeError naming it.
func TestDecodeTellsTheBodyFromTheEncoding(t *testing.T) {
	file := bytes.Repeat([]byte("picture "), 10_000)
	var gz, br, zs bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(file)
	zw.Close()
	bw := brotli.NewWriter(&br)
	bw.Write(file)
	bw.Close()
	sw, _ := zstd.NewWriter(&zs)
	sw.Write(file)
	sw.Close()
	lost := errors.New("connection reset")
	tests := []struct {
		name    string
		body    io.Reader
		enc     string
		framed  bool
		wantErr func(error) bool
	}{
		{"gzip whole", bytes.NewReader(gz.Bytes()), "gzip", true, func(err error) bool { return err == nil }},
		{"br whole", bytes.NewReader(br.Bytes()), "br", true, func(err error) bool { return err == nil }},
		{"zstd whole", bytes.NewReader(zs.Bytes()), "zstd", true, func(err error) bool { return err == nil }},
		{"gzip cut on the way", bytes.NewReader(gz.Bytes()[:gz.Len()/2]), "gzip", false, isErr(io.ErrUnexpectedEOF)},
		{"br cut on the way", bytes.NewReader(br.Bytes()[:br.Len()/2]), "br", false, isErr(io.ErrUnexpectedEOF)},
		{"gzip sent cut", bytes.NewReader(gz.Bytes()[:gz.Len()/2]), "gzip", true, isDecodeError("gzip")},
		{"zstd sent cut", bytes.NewReader(zs.Bytes()[:zs.Len()/2]), "zstd", true, isDecodeError("zstd")},
		{"connection lost", io.MultiReader(bytes.NewReader(br.Bytes()[:br.Len()/2]), iotest.ErrReader(lost)), "br", true, isErr(lost)},
		{"br of plain bytes", bytes.NewReader(file), "br", true, isDecodeError("br")},
		{"zstd of plain bytes", bytes.NewReader(file), "zstd", true, isDecodeError("zstd")},
		{"gzip of plain bytes", bytes.NewReader(file), "gzip", true, isDecodeError("gzip")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := decodeBody(tt.body, []string{tt.enc}, tt.framed)
			defer d.Close()
			got, err := io.ReadAll(d)
			if !tt.wantErr(err) {
				t.Fatalf("error %v (%T)", err, err)
			}
			if err == nil && !bytes.Equal(got, file) {
				t.Errorf("decoded %d bytes, not the file's %d", len(got), len(file))
			}
		})
	}
}

// TestZstdWindowIsBounded: a zstd stream that asks for a window larger than
// the 8 MiB HTTP allows is refused before its memory is taken.
func TestZstdWindowIsBounded(t *testing.T) {
	var zs bytes.Buffer
	sw, _ := zstd.NewWriter(&zs, zstd.WithWindowSize(64<<20), zstd.WithSingleSegment(false))
	sw.Write(bytes.Repeat([]byte{7}, 1<<20))
	sw.Close()
	d := decodeBody(bytes.NewReader(zs.Bytes()), []string{"zstd"}, true)
	defer d.Close()
	if _, err := io.ReadAll(d); !isDecodeError("zstd")(err) || !errors.Is(err, zstd.ErrWindowSizeExceeded) {
		t.Fatalf("a 64 MiB window: error %v, want a DecodeError", err)
	}
}

func isErr(target error) func(error) bool {
	return func(err error) bool { return errors.Is(err, target) }
}

func isDecodeError(enc string) func(error) bool {
	return func(err error) bool {
		var d *DecodeError
		return errors.As(err, &d) && d.Encoding == enc
	}
}
