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
	mediaType, _, err := mime.ParseMediaType(contentType)
	return err == nil && strings.HasPrefix(mediaType, "image/")
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
