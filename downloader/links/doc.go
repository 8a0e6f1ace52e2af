// Package links turns pasted text and opened list files into download links.
//
// Intake follows a few plain rules, so people can predict what happens:
//
//   - Links are picked out of any text: one per line, several in prose,
//     Markdown ([title](url), <url>), CSV cells, or HTML attributes.
//   - Only http and https links are kept. Other schemes (ftp, file, mailto,
//     javascript, data…) are reported, never dropped silently.
//   - An address starting with "www." is read as https.
//   - Trailing punctuation (. , ; : ! ? quotes *) and unbalanced closing
//     brackets are not part of a link; balanced ones are, as in
//     https://en.wikipedia.org/wiki/Foo_(bar).
//   - Invisible format characters copied with a link (zero width spaces,
//     soft hyphens, byte order and direction marks) are dropped from it, so
//     the link is the address people see; a joiner between two non-ASCII
//     characters stays, as part of the word.
//   - A space ends a link, except where the text is plainly one address
//     with spaces: a quoted attribute value, a line holding the link alone
//     whose words end in an extension, or one or two words after a link
//     whose last segment has none that complete a picture's file name
//     (…/my photo 2.jpg?tag=q). Spaces kept are sent as %20.
//   - The #fragment is dropped (servers never see it); the scheme and site
//     name are lowercased; everything else is kept as written.
//   - Exact duplicates are dropped and counted. A link repeated on the same
//     line (Markdown [url](url), <a href=url>url</a>) counts as one mention.
//   - Every non-blank line without a link is reported, except lines that are
//     plainly layout: the first line when it is a column header naming a
//     link column (url, link, href, src, image…), Markdown headings and code
//     fences, lines of punctuation only (rules, table separators), and lines
//     that are a single HTML tag fragment (starting with < and ending with >).
//   - CSV: quoted cells keep their commas. In a text whose first line is a
//     header such as "url,name", and in any .csv or .tsv file, each row is
//     split into cells. Elsewhere a comma stays in the link unless another
//     link follows it, because commas are legal in addresses (image services
//     use them, as in /w_100,h_100/).
//   - HTML files are read with a real HTML tokenizer. Relative links are
//     resolved against the page's <base href> when it has one; otherwise
//     they are reported, because the site they belong to is unknown.
//     Fragment-only links (#top) and empty ones point at the page itself, and
//     data:, javascript:, mailto:, tel: and similar values are how the page
//     works rather than files, so these are skipped without a report.
//   - Excel workbooks (.xlsx, .xlsm) are read cell by cell on every sheet,
//     with the web address behind each hyperlinked cell. Cells without
//     links are not reported; a rejected link is named by its cell. An old
//     .xls workbook, or one locked with a password, is refused with what to
//     do.
//   - Numbered patterns such as https://site/[001-120].jpg stand for the
//     links they expand to (see package glob), unless Options.Literal.
//   - Inputs are small in memory whatever they stand for: a run takes at
//     most MaxRunLinks links, patterns counted by what they stand for and
//     never expanded past it, and a list over it is refused whole. A
//     workbook is read as a stream, within MaxWorkbookCells cells,
//     MaxSharedStrings shared texts and MaxWorkbookXML bytes unzipped.
package links
