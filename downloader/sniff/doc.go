// Package sniff tells what a download really is from its first bytes, so
// that a picture whose site sent a login page instead ends with a plain
// reason rather than a broken file, and a picture saved under the wrong
// extension gets the right one.
//
// Detect recognises JPEG, PNG, GIF, WebP, BMP, TIFF (both byte orders, and
// BigTIFF), ICO and CUR, SVG (by its <svg> root element, after any byte
// order mark, XML declaration, comments and doctype), AVIF and HEIC/HEIF
// (by their ftyp brands), JPEG XL (naked codestream or boxes), JPEG 2000
// (.jp2 boxes or a naked codestream) and Photoshop documents, reading the
// pixel size where the header bytes hold it, and tells web pages, JSON,
// XML and plain text apart from everything else. A few bytes are enough:
// a 40-byte GIF is known as one.
//
// A download that ExpectImage says should be a picture but whose Format
// IsText should fail (the engine reports it as not a picture) and leave no
// file. So should a download that ClaimsKnownPicture whose Format is no
// picture: its link's name or its Content-Type names a picture format
// Detect recognises, and its bytes are none of them. Only such claims
// count: a name or type of a picture format Detect does not know (an
// extension added to the list of picture extensions without a detector)
// claims nothing, and its bytes are saved, so a real picture is never
// refused for lack of a signature here. Nothing claimed, nothing refused:
// random bytes under a .bin name, or no extension and no picture type, are
// saved as they are.
package sniff
