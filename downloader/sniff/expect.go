package sniff

import (
	"mime"
	"path/filepath"
	"strings"
)

// imageFamilies maps picture file extensions to their format, so that
// extensions naming the same format (.jpg and .jpeg, .tif and .tiff) match.
var imageFamilies = map[string]string{
	".jpg": "jpeg", ".jpeg": "jpeg", ".jpe": "jpeg", ".jfif": "jpeg",
	".png": "png", ".gif": "gif", ".webp": "webp", ".bmp": "bmp",
	".tif": "tiff", ".tiff": "tiff", ".ico": "ico", ".svg": "svg",
	".avif": "avif", ".heic": "heif", ".heif": "heif",
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
	mediaType, _, err := mime.ParseMediaType(contentType)
	return err == nil && strings.HasPrefix(mediaType, "image/")
}

// knownImageTypes are the picture media types Detect recognises, with the
// other names servers give some of them.
var knownImageTypes = map[string]bool{
	"image/jpeg": true, "image/jpg": true, "image/pjpeg": true, "image/png": true, "image/gif": true,
	"image/webp": true, "image/bmp": true, "image/x-ms-bmp": true, "image/tiff": true, "image/x-icon": true,
	"image/vnd.microsoft.icon": true, "image/svg+xml": true, "image/avif": true, "image/heic": true, "image/heif": true,
}

// ClaimsKnownPicture reports whether a download says it is a picture of a
// format Detect recognises: its file name's extension names one, or its
// Content-Type does. Bytes that Detect finds to be no picture at all
// cannot be that picture.
func ClaimsKnownPicture(name, contentType string) bool {
	return imageFamily(name) != "" || knownImageTypes[essence(contentType)]
}

// FixExtension returns name with its extension replaced by f.Ext when the
// name's extension names a different picture format (photo.jpg that is
// really PNG → photo.png). A picture named as a program or a shortcut
// (Photo.jpg.lnk, run.desktop, x.exe) loses that extension and gets the
// picture's, so opening it never runs anything. Other names without a
// picture extension, and formats that are not pictures, are returned
// unchanged.
func FixExtension(name string, f Format) string {
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
