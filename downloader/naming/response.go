package naming

import (
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
