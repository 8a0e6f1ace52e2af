// Package sniff tells what a download really is from its first bytes, so
// that a picture whose site sent a login page instead ends with a plain
// reason rather than a broken file, and a picture saved under the wrong
// extension gets the right one.
//
// Detect recognises JPEG, PNG, GIF, WebP, BMP, TIFF, ICO, SVG (by its
// <svg> root element), AVIF and HEIC/HEIF (by their ftyp brand), reading
// the pixel size where the header bytes hold it, and tells web pages, JSON,
// XML and plain text apart from everything else. A download that
// ExpectImage says should be a picture but whose Format IsText should fail
// (the engine reports it as not a picture) and leave no file; so should
// an encoded answer that ClaimsKnownPicture whose Format is no picture.
package sniff
