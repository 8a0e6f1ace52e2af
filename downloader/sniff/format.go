package sniff

// Format is what the first bytes of a body really are.
type Format struct {
	MIME    string // media type without parameters, such as "image/png"; "" when nothing was read
	Ext     string // the usual file extension, such as ".jpg"; "" when there is none
	IsImage bool   // a picture format
	IsText  bool   // a web page, JSON, XML (other than SVG) or plain text
	Width   int    // pixel width, when the header bytes hold it; else 0
	Height  int    // pixel height, when the header bytes hold it; else 0
}

// HeadSize is how many bytes Detect needs to tell the format; MaxHead is
// the most it looks at, enough to find the pixel size of a JPEG behind
// large camera metadata. Callers should pass up to MaxHead bytes when the
// body has them.
const (
	HeadSize = 4 << 10
	MaxHead  = 64 << 10
)

// The formats Detect reports.
var (
	jpegFormat  = imageFormat("image/jpeg", ".jpg")
	pngFormat   = imageFormat("image/png", ".png")
	gifFormat   = imageFormat("image/gif", ".gif")
	webpFormat  = imageFormat("image/webp", ".webp")
	bmpFormat   = imageFormat("image/bmp", ".bmp")
	tiffFormat  = imageFormat("image/tiff", ".tif")
	icoFormat   = imageFormat("image/x-icon", ".ico")
	curFormat   = imageFormat("image/x-icon", ".cur")
	jxlFormat   = imageFormat("image/jxl", ".jxl")
	jp2Format   = imageFormat("image/jp2", ".jp2")
	j2cFormat   = imageFormat("image/j2c", ".j2c")
	psdFormat   = imageFormat("image/vnd.adobe.photoshop", ".psd")
	svgFormat   = imageFormat("image/svg+xml", ".svg")
	avifFormat  = imageFormat("image/avif", ".avif")
	heicFormat  = imageFormat("image/heic", ".heic")
	heifFormat  = imageFormat("image/heif", ".heif")
	htmlFormat  = textFormat("text/html", ".html")
	xmlFormat   = textFormat("text/xml", ".xml")
	jsonFormat  = textFormat("application/json", ".json")
	plainFormat = textFormat("text/plain", ".txt")
)

func imageFormat(mimeType, ext string) Format {
	return Format{MIME: mimeType, Ext: ext, IsImage: true}
}

func textFormat(mimeType, ext string) Format {
	return Format{MIME: mimeType, Ext: ext, IsText: true}
}

// otherExtensions are the extensions of the common formats that are neither
// pictures nor text.
var otherExtensions = map[string]string{
	"application/pdf":              ".pdf",
	"application/zip":              ".zip",
	"application/x-gzip":           ".gz",
	"application/x-rar-compressed": ".rar",
	"video/mp4":                    ".mp4",
	"video/webm":                   ".webm",
	"audio/mpeg":                   ".mp3",
	"audio/wave":                   ".wav",
	"application/ogg":              ".ogg",
}
