// Package thumbnail makes the small pictures the window shows: of saved
// files in the download rows and of found pictures in the picker. One
// Service serves both. It reads a picture's size before decoding it and
// never decodes one larger than MaxPixels; pictures being decoded at once
// share a budget of pixels, so a file that claims a huge size costs
// nothing and many at once cost no more than one large one; and the
// thumbnails made are kept in a cache bounded in bytes, the least recently
// used going first. A Service is safe for use by several goroutines.
package thumbnail
