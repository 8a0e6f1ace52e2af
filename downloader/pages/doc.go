// Package pages finds the pictures on web pages, so that a gallery page, a
// product page or a forum thread can be turned into a list of image links.
//
// Find reads one HTML document with a real HTML parser (never regular
// expressions) and collects addresses from img src and srcset, picture
// source srcset, lazy-loading attributes (data-src, data-original,
// data-lazy-src, data-srcset), links to image files, og:image and
// twitter:image meta tags, and inline style background images. Crawl
// follows rel=next links through a paged gallery.
//
// Full-size pictures are preferred over thumbnails by these rules:
//
//   - A link (<a href>) whose address names an image file (jpg, jpeg, png,
//     gif, webp, avif, bmp, tif, tiff or svg, in any letter case, ignoring
//     the query) is taken as the full-size picture, and the thumbnails
//     inside it (img, picture, background images) are dropped.
//   - Of the addresses one img or picture offers, the largest wins: when
//     any candidate has a width descriptor (800w) the widest one, otherwise
//     the one with the highest density (2x), where src and lazy addresses
//     count as 1x. At equal size a lazy-loading attribute beats srcset,
//     which beats src: src is usually a placeholder or low-quality preview.
//   - Placeholders are never taken: data: addresses and tiny stand-in
//     images such as blank.gif, spacer.gif or pixel.gif.
//   - Icons and tracking pixels are skipped: an img whose width or height
//     attribute is 32 or less, and any address whose path mentions
//     favicon, sprite or apple-touch-icon. Icon links (<link rel=icon>)
//     are never collected.
//   - og:image and twitter:image count like any other picture; the same
//     address found twice is listed once, where it first appears, with the
//     alt text and size filled in from later mentions when missing.
//
// Addresses are resolved against the page address and the document's first
// <base href> wherever it appears (as browsers do), including a relative
// base. Only http and https addresses are kept, without their #fragment.
package pages
