package sniff

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"mime"
	"net/http"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"golang.org/x/image/bmp"
	"golang.org/x/image/tiff"
	"golang.org/x/image/webp"
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

// imageKind is a picture format recognised by its signature.
type imageKind struct {
	format Format
	match  func(head []byte) bool
	size   func(head []byte) (width, height int)
}

// imageKinds are the picture formats with a fixed signature, in the order
// they are tried.
var imageKinds = []imageKind{
	{jpegFormat, prefix("\xff\xd8\xff"), configSize(jpeg.DecodeConfig)},
	{pngFormat, prefix("\x89PNG\r\n\x1a\n"), configSize(png.DecodeConfig)},
	{gifFormat, anyPrefix("GIF87a", "GIF89a"), configSize(gif.DecodeConfig)},
	{webpFormat, isWebP, configSize(webp.DecodeConfig)},
	{bmpFormat, isBMP, configSize(bmp.DecodeConfig)},
	{tiffFormat, anyPrefix("II*\x00", "MM\x00*", "II+\x00", "MM\x00+"), configSize(tiff.DecodeConfig)},
	{icoFormat, isIcon(icoType), icoSize},
	{curFormat, isIcon(curType), icoSize},
	{jxlFormat, anyPrefix(jxlCodestream, jxlContainer), jxlSize},
	{jp2Format, prefix(jp2Signature), jp2Size},
	{j2cFormat, prefix(j2cSignature), j2cSize},
	{psdFormat, anyPrefix("8BPS\x00\x01", "8BPS\x00\x02"), psdSize},
}

// prefix matches heads that start with signature.
func prefix(signature string) func([]byte) bool {
	return func(head []byte) bool { return bytes.HasPrefix(head, []byte(signature)) }
}

// anyPrefix matches heads that start with any of the signatures.
func anyPrefix(signatures ...string) func([]byte) bool {
	return func(head []byte) bool {
		for _, s := range signatures {
			if bytes.HasPrefix(head, []byte(s)) {
				return true
			}
		}
		return false
	}
}

// configSize reads the pixel size with a decoder's DecodeConfig; a head too
// short or damaged to hold it gives 0 × 0.
func configSize(decodeConfig func(io.Reader) (image.Config, error)) func([]byte) (int, int) {
	return func(head []byte) (int, int) {
		c, err := decodeConfig(bytes.NewReader(head))
		if err != nil || c.Width < 0 || c.Height < 0 {
			return 0, 0
		}
		return c.Width, c.Height
	}
}

// isWebP matches a RIFF container holding WebP.
func isWebP(head []byte) bool {
	return len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WEBP"
}

// bmpInfoSizes are the sizes of the known BMP information headers.
var bmpInfoSizes = map[uint32]bool{12: true, 40: true, 52: true, 56: true, 64: true, 108: true, 124: true}

// isBMP matches a BMP file header followed by a known information header,
// so that text starting with "BM" is not taken for a picture.
func isBMP(head []byte) bool {
	return len(head) >= 18 && string(head[:2]) == "BM" &&
		bmpInfoSizes[binary.LittleEndian.Uint32(head[14:18])]
}

// ICO and CUR layout: a 6-byte header (reserved 0, type 1 for an icon or
// 2 for a cursor, image count) followed by 16-byte directory entries
// starting with width and height bytes.
const (
	icoHeaderSize = 6
	icoEntrySize  = 16
	icoType       = 1
	curType       = 2
)

// isIcon matches an icon or cursor file header of the given type with at
// least one plausible entry.
func isIcon(fileType byte) func([]byte) bool {
	return func(head []byte) bool {
		if len(head) < icoHeaderSize+icoEntrySize || string(head[:4]) != string([]byte{0, 0, fileType, 0}) {
			return false
		}
		count := binary.LittleEndian.Uint16(head[4:6])
		entry := head[icoHeaderSize:]
		return count > 0 && entry[3] == 0 && entry[5] == 0
	}
}

// icoSize returns the size of the largest image an icon file lists.
func icoSize(head []byte) (width, height int) {
	count := int(binary.LittleEndian.Uint16(head[4:6]))
	for i := range count {
		off := icoHeaderSize + i*icoEntrySize
		if off+icoEntrySize > len(head) {
			break
		}
		w, h := icoDimension(head[off]), icoDimension(head[off+1])
		if w*h > width*height {
			width, height = w, h
		}
	}
	return width, height
}

// icoDimension reads an icon entry's width or height byte, where 0 means 256.
func icoDimension(b byte) int {
	if b == 0 {
		return 256
	}
	return int(b)
}

// psdSize reads a Photoshop document's size: its height, then its width,
// after the signature, version, reserved bytes and channel count.
func psdSize(head []byte) (width, height int) {
	if len(head) < 22 {
		return 0, 0
	}
	return sideOf(head[18:]), sideOf(head[14:])
}

// imageFamilies maps picture file extensions to their format, so that
// extensions naming the same format (.jpg and .jpeg, .tif and .tiff) match.
var imageFamilies = map[string]string{
	".jpg": "jpeg", ".jpeg": "jpeg", ".jpe": "jpeg", ".jfif": "jpeg",
	".png": "png", ".apng": "png", ".gif": "gif", ".webp": "webp", ".bmp": "bmp",
	".tif": "tiff", ".tiff": "tiff", ".ico": "ico", ".cur": "ico", ".svg": "svg",
	".avif": "avif", ".heic": "heif", ".heif": "heif", ".jxl": "jxl",
	".jp2": "jp2", ".jpx": "jp2", ".jpf": "jp2", ".j2k": "jp2", ".j2c": "jp2", ".jpc": "jp2",
	".psd": "psd", ".psb": "psd",
}

// ImageExtension reports whether ext (".jpg", ".PNG") names a picture format.
func ImageExtension(ext string) bool { return imageFamilies[strings.ToLower(ext)] != "" }

// imageFamily returns the picture format a file name's extension names,
// or "" when it names none. A query or fragment after the name is ignored.
func imageFamily(name string) string {
	if i := strings.IndexAny(name, "?#"); i >= 0 {
		name = name[:i]
	}
	return imageFamilies[strings.ToLower(filepath.Ext(name))]
}

// ExpectImage reports whether a download is expected to be a picture: its
// file name has a picture extension, its Content-Type is an image type, or
// it was found as a picture on a page.
func ExpectImage(name, contentType string, fromPage bool) bool {
	if fromPage || imageFamily(name) != "" {
		return true
	}
	if !mayNameImageType(contentType) {
		return false // no need to read the whole header
	}
	mediaType, _, err := mime.ParseMediaType(contentType)
	return err == nil && strings.HasPrefix(mediaType, "image/")
}

// mayNameImageType says a Content-Type value may name a picture type: it
// starts with "image/" in any case after any spaces, or with a character
// outside ASCII, which mime.ParseMediaType is left to read.
func mayNameImageType(contentType string) bool {
	const prefix = "image/"
	v := strings.TrimSpace(contentType)
	for i := 0; i < len(v) && i < len(prefix); i++ {
		if v[i] >= utf8.RuneSelf {
			return true
		}
	}
	return len(v) >= len(prefix) && strings.EqualFold(v[:len(prefix)], prefix)
}

// imageTypeFamilies maps picture media types, with the other names
// servers give some of them, to their format.
var imageTypeFamilies = map[string]string{
	"image/jpeg": "jpeg", "image/jpg": "jpeg", "image/pjpeg": "jpeg",
	"image/png": "png", "image/apng": "png", "image/x-png": "png", "image/gif": "gif", "image/webp": "webp",
	"image/bmp": "bmp", "image/x-bmp": "bmp", "image/x-ms-bmp": "bmp", "image/tiff": "tiff",
	"image/x-icon": "ico", "image/vnd.microsoft.icon": "ico", "image/svg+xml": "svg",
	"image/avif": "avif", "image/heic": "heif", "image/heif": "heif",
	"image/heic-sequence": "heif", "image/heif-sequence": "heif", "image/jxl": "jxl",
	"image/jp2": "jp2", "image/jpx": "jp2", "image/j2c": "jp2",
	"image/vnd.adobe.photoshop": "psd", "image/x-photoshop": "psd", "image/psd": "psd",
}

// detectableFamilies are the picture formats Detect recognises: those of
// the formats it reports.
var detectableFamilies = familiesOf(imageFormats())

// imageFormats are all the picture formats Detect reports.
func imageFormats() []Format {
	formats := []Format{svgFormat, avifFormat, heicFormat, heifFormat}
	for _, k := range imageKinds {
		formats = append(formats, k.format)
	}
	return formats
}

// familiesOf returns the set of the formats' families.
func familiesOf(formats []Format) map[string]bool {
	families := map[string]bool{}
	for _, f := range formats {
		if family := imageFamilies[f.Ext]; family != "" {
			families[family] = true
		}
	}
	return families
}

// ClaimsKnownPicture reports whether a download says it is a picture of a
// format Detect recognises: its file name's extension names one, or its
// Content-Type does. Bytes that Detect finds to be no picture at all
// cannot be that picture. A claim of a format Detect does not know is no
// such claim: its bytes could be that picture.
func ClaimsKnownPicture(name, contentType string) bool {
	return detectableFamilies[imageFamily(name)] || detectableFamilies[imageTypeFamilies[essence(contentType)]]
}

// FixExtension returns name with its extension replaced by f.Ext when the
// name's extension names a different picture format (photo.jpg that is
// really PNG → photo.png). A picture named as a program or a shortcut
// (Photo.jpg.lnk, run.desktop, x.exe) loses that extension and gets the
// picture's, so opening it never runs anything; text so named (run.desktop,
// x.hta, x.url, x.exe that hold text) keeps its name and gets the text's
// extension after it (run.desktop.txt, x.hta.html), so opening it shows
// the text. Other names without a picture extension, and other formats,
// are returned unchanged.
func FixExtension(name string, f Format) string {
	if f.IsText && f.Ext != "" {
		return textName(name, f)
	}
	if !f.IsImage || f.Ext == "" {
		return name
	}
	ext := filepath.Ext(name)
	if runnable[strings.ToLower(ext)] {
		name = name[:len(name)-len(ext)]
		if ext = filepath.Ext(name); imageFamilies[strings.ToLower(ext)] == "" {
			return name + f.Ext
		}
	}
	have := imageFamilies[strings.ToLower(ext)]
	if have == "" || have == imageFamilies[f.Ext] {
		return name
	}
	return name[:len(name)-len(ext)] + f.Ext
}

// textName is the name text is saved under: name, with the text's own
// extension after it when name's would run something.
func textName(name string, f Format) string {
	if runnable[strings.ToLower(filepath.Ext(name))] {
		return name + f.Ext
	}
	return name
}

// runnable are the extensions of files that run something when opened:
// programs, scripts, installers and shortcuts, on Windows, Linux and macOS.
var runnable = map[string]bool{
	".exe": true, ".com": true, ".scr": true, ".pif": true, ".bat": true, ".cmd": true, ".cpl": true,
	".msi": true, ".msp": true, ".msc": true, ".dll": true, ".lnk": true, ".url": true, ".scf": true,
	".js": true, ".jse": true, ".vbs": true, ".vbe": true, ".wsf": true, ".wsh": true, ".hta": true,
	".ps1": true, ".psm1": true, ".reg": true, ".inf": true, ".jar": true, ".application": true,
	".appref-ms": true, ".gadget": true, ".desktop": true, ".sh": true, ".bash": true, ".run": true,
	".appimage": true, ".command": true, ".app": true, ".pkg": true, ".dmg": true, ".py": true, ".pl": true,
}
