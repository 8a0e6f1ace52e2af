package pages

import "haul/downloader/markup"

// htmlSpace is the white space HTML allows around and inside attribute lists.
const htmlSpace = markup.Space
