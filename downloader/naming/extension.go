package naming

import (
	"mime"
	"strings"
)

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
