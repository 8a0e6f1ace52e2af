package sniff

import (
	"bytes"
	"net/http"
	"strings"
)

// Detect inspects the first bytes of a body (HeadSize is enough to tell
// the format, up to MaxHead are used, for pixel sizes) and reports what
// they are. An empty head gives the zero Format.
func Detect(head []byte) Format {
	if len(head) > MaxHead {
		head = head[:MaxHead]
	}
	if len(head) == 0 {
		return Format{}
	}
	if f, ok := detectImage(head); ok {
		return f
	}
	return detectOther(head)
}

// detectImage recognises the picture formats and reads their pixel size.
func detectImage(head []byte) (Format, bool) {
	for _, k := range imageKinds {
		if k.match(head) {
			f := k.format
			f.Width, f.Height = k.size(head)
			return f, true
		}
	}
	if f, ok := heifKind(head); ok {
		f.Width, f.Height = ispeSize(head)
		return f, true
	}
	if isSVG(head) {
		return svgFormat, true
	}
	return Format{}, false
}

// detectOther classifies a body that is not a picture.
func detectOther(head []byte) Format {
	mimeType := essence(http.DetectContentType(head))
	if strings.HasPrefix(mimeType, "image/") {
		// The standard sniffer matches some image signatures ("BM") more
		// loosely than detectImage; such bodies are judged as data.
		mimeType = "application/octet-stream"
		if !hasBinaryBytes(head) {
			mimeType = "text/plain"
		}
	}
	switch mimeType {
	case "text/html":
		return htmlFormat
	case "text/xml":
		return xmlFormat
	case "text/plain":
		if looksLikeJSON(head) {
			return jsonFormat
		}
		return plainFormat
	}
	return Format{MIME: mimeType, Ext: otherExtensions[mimeType]}
}

// essence returns a media type without its parameters.
func essence(contentType string) string {
	mimeType, _, _ := strings.Cut(contentType, ";")
	return strings.ToLower(strings.TrimSpace(mimeType))
}

// utf8BOM is the byte order mark some text files start with.
var utf8BOM = []byte("\xef\xbb\xbf")

// looksLikeJSON reports whether text starts like a JSON object or array.
func looksLikeJSON(head []byte) bool {
	s := bytes.TrimLeft(bytes.TrimPrefix(head, utf8BOM), " \t\r\n")
	if len(s) == 0 || (s[0] != '{' && s[0] != '[') {
		return false
	}
	open := s[0]
	s = bytes.TrimLeft(s[1:], " \t\r\n")
	if len(s) == 0 {
		return true
	}
	if open == '{' {
		return s[0] == '"' || s[0] == '}'
	}
	return strings.IndexByte(`{["-0123456789tfn]`, s[0]) >= 0
}

// hasBinaryBytes reports whether head holds control bytes that never
// appear in text, by the rule of the WHATWG MIME sniffing standard.
func hasBinaryBytes(head []byte) bool {
	for _, b := range head {
		switch {
		case b <= 0x08, b == 0x0B, b >= 0x0E && b <= 0x1A, b >= 0x1C && b <= 0x1F:
			return true
		}
	}
	return false
}
