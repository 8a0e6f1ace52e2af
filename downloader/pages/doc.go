// Package pages finds the pictures on web pages, so that a gallery page, a
// product page or a forum thread can be turned into a list of image links.
//
// Find reads one HTML document with a real HTML parser (never regular
// expressions) and collects addresses from img src and srcset, picture
// source srcset, lazy-loading attributes (data-src, data-original,
// data-lazy-src, data-srcset, data-actualsrc, data-ks-lazyload, Discuz!'s
// file and zoomfile, and full-size ones such as data-orig-file or
// data-zoom-image, also on the tile around a thumbnail), links to image
// files, og:image and twitter:image meta
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
//     photo.jpg, photo@2x.png, photo_thumb.jpg, name=small and name=orig,
//     w=400, =s1600, /s1600/, c_limit,w_800, and the shapes of Amazon's,
//     Flickr's, Taobao's and JD's picture addresses), count as one picture
//     at the largest size mentioned.
//   - og:image and twitter:image count like any other picture; the same
//     address found twice is listed once, where it first appears, with the
//     alt text and size filled in from later mentions when missing.
//
// Addresses are resolved against the page address and the document's first
// <base href> wherever it appears (as browsers do), including a relative
// base. Only http and https addresses are kept, without their #fragment.
//
// # Content first
//
// Every picture found is chosen or not as a reader would choose it: a
// picture the page is about has an empty Why; any other says why not (a
// Reason, which is data). The choice weighs what a reader sees:
//
//   - The main content. The block with the most text is found as the
//     readability family finds it (paragraphs score by their length and
//     commas, a block by its paragraphs, its tag and the words of its
//     class, less its links); with it go its siblings that score well and
//     the blocks built like it (the other posts of a thread). A page whose
//     best block scores low has no article (a gallery, a feed, a shop).
//     The article's region reaches up to the <article> or <main> around
//     it, where its lead picture is.
//   - The parts of the page, by tag, role, class and id words, and the
//     heading of a block: header, menus and footer; sidebars; related
//     articles, teasers, recommendations and "customers also bought";
//     comment threads (but a shop's comments are reviews, whose photos
//     count); forum signatures; ads and share buttons. Inside the article
//     only the parts below it count, and its own header is not the site's.
//   - The picture itself: ad and tracker hosts, paths and labels
//     ("Sponsored", "广告"); avatars (gravatar, class words); icons,
//     smileys, badges and QR codes; logos outside the article.
//   - Teasers: outside the article, a picture in a link to another page
//     whose card holds a headline is a teaser for that page.
//   - Galleries: a block of four or more tiles built alike, each holding a
//     picture or two and little text, stays whole: its pictures are chosen
//     on a page without an article whatever their size, and a full size
//     linked from a thumbnail is never left out for its size.
//   - Size: a picture drawn, or found by Measure to be, under 100 pixels on
//     both sides or under 50 on one, or shaped like a banner (four times
//     wider than high, at most 200 high), is left out.
//   - Pictures found only in the page's scripts and data, and share
//     pictures named only in meta tags, are left out.
//
// Copies of one picture are one picture, chosen when any place that shows
// it chooses it. A page on which nothing is chosen chooses every picture
// whose reason is not hard (Reason.Hard): a page of small pictures is
// about small pictures.
package pages
