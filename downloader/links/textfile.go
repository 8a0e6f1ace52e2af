package links

import (
	"bytes"
	"net/http"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding"
)

// decodeText turns a file's bytes into text. It understands UTF-8 (with or
// without a byte order mark), UTF-16 with a byte order mark, as saved by
// Windows Notepad, and text in legacy, the system's old code page, when
// the bytes are not UTF-8 and legacy is not nil. When the bytes are not
// text it returns "" and a short code for what they look like, such as
// "image".
func decodeText(data []byte, legacy encoding.Encoding) (text, notText string) {
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		return decodeUTF16(data[2:], false), ""
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return decodeUTF16(data[2:], true), ""
	}
	data = bytes.TrimPrefix(data, []byte(bom))
	sniff := data
	if len(sniff) > 512 {
		sniff = sniff[:512]
	}
	kind := http.DetectContentType(sniff)
	if !strings.HasPrefix(kind, "text/") || bytes.IndexByte(data, 0) >= 0 {
		return "", describeBinary(kind)
	}
	if legacy != nil && !utf8.Valid(data) {
		if decoded, err := legacy.NewDecoder().Bytes(data); err == nil {
			return string(decoded), ""
		}
	}
	return string(data), ""
}

// decodeUTF16 decodes UTF-16 text in the given byte order.
func decodeUTF16(data []byte, bigEndian bool) string {
	units := make([]uint16, len(data)/2)
	for i := range units {
		hi, lo := data[2*i], data[2*i+1]
		if !bigEndian {
			hi, lo = lo, hi
		}
		units[i] = uint16(hi)<<8 | uint16(lo)
	}
	return string(utf16.Decode(units))
}

// describeBinary names what a non-text file looks like, as a FileError.Looks code.
func describeBinary(mediaType string) string {
	switch {
	case strings.HasPrefix(mediaType, "image/"):
		return "image"
	case strings.HasPrefix(mediaType, "video/"):
		return "video"
	case strings.HasPrefix(mediaType, "audio/"), mediaType == "application/ogg":
		return "audio"
	case mediaType == "application/pdf":
		return "pdf"
	case strings.Contains(mediaType, "zip"), strings.Contains(mediaType, "rar"):
		return "archive"
	}
	return "binary"
}
