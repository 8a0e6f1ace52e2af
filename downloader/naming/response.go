package naming

import (
	"mime"
	"net/url"
	"strings"
)

// FromResponse picks a name for a download and returns it sanitized.
//
// The name comes from contentDisposition, read as a browser reads it
// (RFC 6266 and RFC 5987/8187 with Chromium's leniencies, see
// dispositionName), else from the last non-empty, percent-decoded path
// segment of u, else it is "download". A Content-Disposition that names no
// usable file is ignored. When the name has no extension, the one implied
// by contentType is added.
//
// A URL segment ending in a script extension (.php, .asp, .aspx, .ashx,
// .jsp, .cgi) names the program that served the file, not the file: when
// contentType implies a known type, that extension is replaced, so
// /img.php?id=3 served as image/png becomes "img.png". A name given by
// Content-Disposition keeps its extension.
func FromResponse(contentDisposition string, u *url.URL, contentType string) string {
	typeExt := ExtensionFor(contentType)
	if name := clean(dispositionName(contentDisposition)); name != "" {
		return Sanitize(withExtension(name, typeExt, false))
	}
	if name := clean(urlName(u)); name != "" {
		return Sanitize(withExtension(name, typeExt, true))
	}
	return Sanitize(fallbackName + typeExt)
}

// FromURL is FromResponse without response headers. It is used before the
// first response, for example to look for an earlier partial file.
func FromURL(u *url.URL) string {
	return FromResponse("", u, "")
}

// withExtension adds typeExt to a name that has no extension and, when
// replaceScript is set, puts it in place of a script extension.
func withExtension(name, typeExt string, replaceScript bool) string {
	if typeExt == "" {
		return name
	}
	stem, ext := splitExt(name)
	switch {
	case ext == "":
		return name + typeExt
	case replaceScript && isScriptExt(ext) && !isScriptExt(typeExt):
		return stem + typeExt
	}
	return name
}

// isScriptExt reports whether ext belongs to a server-side program rather
// than to the file it produced.
func isScriptExt(ext string) bool {
	switch strings.ToLower(ext) {
	case ".php", ".asp", ".aspx", ".ashx", ".jsp", ".cgi":
		return true
	}
	return false
}

// dispositionName returns the file name a browser would take from a
// Content-Disposition header, before sanitizing, or "" when it names none.
// It follows RFC 6266 with the leniencies of Chromium's parser, which real
// servers rely on:
//   - the disposition type may be missing ("filename=a.jpg");
//   - a value may be unquoted and hold spaces or commas, or lack its
//     closing quote; backslash escapes in quoted values are undone;
//   - filename* (RFC 5987/8187) wins over filename and may use any charset
//     a browser knows (ISO-8859-1, windows-1252, GBK, Shift_JIS…);
//   - a plain filename may be percent-encoded UTF-8, RFC 2047 encoded
//     words, raw UTF-8, or raw bytes in windows-1252;
//   - the first usable filename wins when one is given twice;
//   - as in Firefox, a quoted filename* (sent by Outlook Web App and
//     others) is used when nothing else names the file.
//
// Parameters are read up to the first one without '=' ("inline; attachment;
// filename=a" names nothing), as Chromium does.
func dispositionName(header string) string {
	var plain, ext, quotedExt string
	for _, p := range dispositionParams(header) {
		switch {
		case plain == "" && strings.EqualFold(p.name, "filename"):
			plain = decodePlainValue(p.value)
		case ext == "" && strings.EqualFold(p.name, "filename*"):
			ext = decodeExtValue(p.raw)
			if quotedExt == "" && p.raw != p.value {
				quotedExt = decodeQuotedExtValue(p.value)
			}
		}
	}
	switch {
	case ext != "":
		return ext
	case plain != "":
		return plain
	}
	return quotedExt
}

// dispositionParam is one name=value pair of a Content-Disposition header.
type dispositionParam struct {
	name  string
	value string // unquoted, backslash escapes undone
	raw   string // as written, quotes included
}

// dispositionParams returns the parameters of a Content-Disposition header
// in order, after the disposition type when there is one.
func dispositionParams(header string) []dispositionParam {
	rest := skipDispositionType(header)
	var params []dispositionParam
	for rest != "" {
		var element string
		element, rest = nextElement(rest)
		element = strings.Trim(element, httpSpace)
		if element == "" {
			continue
		}
		name, value, ok := strings.Cut(element, "=")
		name = strings.Trim(name, httpSpace)
		if !ok || name == "" {
			break
		}
		value = strings.Trim(value, httpSpace)
		params = append(params, dispositionParam{name: name, value: unquote(value), raw: value})
	}
	return params
}

// httpSpace is the white space HTTP allows around header elements.
const httpSpace = " \t\r\n"

// skipDispositionType returns header after its disposition type. When the
// header does not start with a type (a token before the first ';'), all of
// it is parameters.
func skipDispositionType(header string) string {
	typ, rest, _ := strings.Cut(header, ";")
	if isToken(strings.Trim(typ, httpSpace)) {
		return rest
	}
	return header
}

// nextElement splits s at the first ';' outside a quoted string, where a
// backslash escapes the next character.
func nextElement(s string) (element, rest string) {
	quoted := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case quoted && c == '\\':
			i++
		case c == '"':
			quoted = !quoted
		case !quoted && c == ';':
			return s[:i], s[i+1:]
		}
	}
	return s, ""
}

// unquote returns a parameter value without its quotes. A quoted string
// has its backslash escapes undone; a value that opens a quote and never
// closes it loses only that opening quote.
func unquote(v string) string {
	if !strings.HasPrefix(v, `"`) {
		return v
	}
	if len(v) < 2 || !strings.HasSuffix(v, `"`) {
		return v[1:]
	}
	v = v[1 : len(v)-1]
	if !strings.Contains(v, `\`) {
		return v
	}
	var b strings.Builder
	for i := 0; i < len(v); i++ {
		if v[i] == '\\' && i+1 < len(v) {
			i++
		}
		b.WriteByte(v[i])
	}
	return b.String()
}

// isToken reports whether s is a non-empty HTTP token (RFC 9110 tchar*).
func isToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c >= 0x7f || strings.IndexByte(`"(),/:;<=>?@[\]{}`, c) >= 0 {
			return false
		}
	}
	return true
}

// slashes turns both kinds of path separator into '_', so a value cannot
// add folders to a name.
var slashes = strings.NewReplacer("/", "_", `\`, "_")

// urlName returns the last non-empty segment of u's path, percent-decoded,
// or "" when there is none. Query and fragment are not part of the path.
// An encoded slash (%2F) stays inside the segment as '_', so it cannot act
// as a separator.
func urlName(u *url.URL) string {
	if u == nil {
		return ""
	}
	segments := strings.Split(u.EscapedPath(), "/")
	for i := len(segments) - 1; i >= 0; i-- {
		if segments[i] == "" {
			continue
		}
		segment, err := url.PathUnescape(segments[i])
		if err != nil {
			segment = segments[i]
		}
		return slashes.Replace(segment)
	}
	return ""
}

// commonExtensions maps common MIME types to the extension people expect,
// so the answer does not depend on the system's MIME database.
var commonExtensions = map[string]string{
	"application/gzip":             ".gz",
	"application/json":             ".json",
	"application/msword":           ".doc",
	"application/pdf":              ".pdf",
	"application/vnd.ms-excel":     ".xls",
	"application/x-7z-compressed":  ".7z",
	"application/x-gzip":           ".gz",
	"application/x-rar-compressed": ".rar",
	"application/x-tar":            ".tar",
	"application/xml":              ".xml",
	"application/zip":              ".zip",
	"audio/aac":                    ".aac",
	"audio/flac":                   ".flac",
	"audio/mp4":                    ".m4a",
	"audio/mpeg":                   ".mp3",
	"audio/ogg":                    ".ogg",
	"audio/wav":                    ".wav",
	"audio/webm":                   ".weba",
	"audio/x-wav":                  ".wav",
	"image/avif":                   ".avif",
	"image/bmp":                    ".bmp",
	"image/gif":                    ".gif",
	"image/heic":                   ".heic",
	"image/jpeg":                   ".jpg",
	"image/pjpeg":                  ".jpg",
	"image/png":                    ".png",
	"image/svg+xml":                ".svg",
	"image/tiff":                   ".tif",
	"image/vnd.microsoft.icon":     ".ico",
	"image/webp":                   ".webp",
	"image/x-icon":                 ".ico",
	"text/css":                     ".css",
	"text/csv":                     ".csv",
	"text/html":                    ".html",
	"text/javascript":              ".js",
	"text/markdown":                ".md",
	"text/plain":                   ".txt",
	"text/xml":                     ".xml",
	"video/mp4":                    ".mp4",
	"video/mpeg":                   ".mpeg",
	"video/ogg":                    ".ogv",
	"video/quicktime":              ".mov",
	"video/webm":                   ".webm",
	"video/x-matroska":             ".mkv",
	"video/x-msvideo":              ".avi",

	// Office Open XML documents.
	"application/vnd.openxmlformats-officedocument.presentationml.presentation": ".pptx",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":         ".xlsx",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document":   ".docx",
}

// genericTypes name no particular format; servers send them for anything.
var genericTypes = map[string]bool{
	"application/download":       true,
	"application/force-download": true,
	"application/octet-stream":   true,
	"application/unknown":        true,
	"application/x-download":     true,
	"binary/octet-stream":        true,
}

// ExtensionFor returns the usual extension (with dot) for a MIME type such
// as "image/jpeg; charset=binary", or "" when it is unknown or names no
// particular format (application/octet-stream). Parameters are ignored and
// case does not matter. A fixed table of common types is consulted first,
// then mime.ExtensionsByType.
func ExtensionFor(contentType string) string {
	mediaType, _, _ := strings.Cut(contentType, ";")
	mediaType = strings.ToLower(strings.TrimSpace(mediaType))
	if mediaType == "" || genericTypes[mediaType] {
		return ""
	}
	if ext, ok := commonExtensions[mediaType]; ok {
		return ext
	}
	exts, err := mime.ExtensionsByType(mediaType)
	if err != nil {
		return ""
	}
	for _, ext := range exts {
		if isPlainExt(ext) {
			return strings.ToLower(ext)
		}
	}
	return ""
}

// isPlainExt reports whether ext is a dot followed by a few ASCII letters,
// digits, '+', '-' or '_', as an extension from the system's MIME database
// should be.
func isPlainExt(ext string) bool {
	if len(ext) < 2 || len(ext) > maxExtBytes || ext[0] != '.' {
		return false
	}
	for _, c := range []byte(ext[1:]) {
		isAlnum := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		if !isAlnum && c != '+' && c != '-' && c != '_' {
			return false
		}
	}
	return true
}
