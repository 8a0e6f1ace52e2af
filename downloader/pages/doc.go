// Package pages finds the pictures on web pages, so that a gallery page, a
// product page or a forum thread can be turned into a list of image links.
//
// Find reads one HTML document with a real HTML parser (never regular
// expressions) and collects addresses from img src and srcset, picture
// source srcset, lazy-loading attributes (data-src, data-original,
// data-lazy-src, data-srcset, and full-size ones such as data-orig-file or
// data-zoom-image), links to image files, og:image and twitter:image meta
// tags, and inline style background images. It also reads what modern
// pages put beside their markup:
//
//   - <noscript> fallbacks, parsed as markup (scripting off); a lazy
//     placeholder img just before a fallback that holds a real picture is
//     skipped in its favour.
//   - schema.org data: JSON-LD image, contentUrl and thumbnailUrl (a
//     thumbnail only when its item names no full-size picture), and
//     microdata itemprop values and ImageObject itemids.
//   - JSON page state: JSON scripts (Next.js __NEXT_DATA__), objects
//     assigned in scripts (window.__APOLLO_STATE__ = {...}) or passed to
//     JSON.parse, and JSON in data-* attributes. They are read with a JSON
//     decoder and walked; a string is kept when it is an absolute or
//     root-relative address that names a picture by its extension, a
//     format query (format=jpg) or an image service's address shape. Of an
//     object giving one picture at named sizes, or an array of sized copies
//     (display_resources), the largest is kept; sized pictures of 32 px or
//     less are left out.
//
// Crawl follows rel=next links through a paged gallery.
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
//   - Copies of one picture at several sizes, whose addresses differ only
//     in a size token (/max/60/ and /max/1600/, photo-300x200.jpg and
//     photo.jpg, name=small and name=orig, w=400, =s1600), count as one
//     picture at the largest size mentioned.
//   - og:image and twitter:image count like any other picture; the same
//     address found twice is listed once, where it first appears, with the
//     alt text and size filled in from later mentions when missing.
//
// Addresses are resolved against the page address and the document's first
// <base href> wherever it appears (as browsers do), including a relative
// base. Only http and https addresses are kept, without their #fragment.
package pages
