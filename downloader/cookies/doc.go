// Package cookies reads the cookies a user's browser already holds, so Haul
// can download from sites the user is signed in to: a Netscape cookies.txt
// file (as browser extensions, yt-dlp and gallery-dl write it), Firefox's
// cookies.sqlite, and the Cookies database of Chromium-family browsers
// (Chrome, Chromium, Edge, Brave) on Linux, decrypting v10 and v11 values.
//
// Databases are read from a copy, since a running browser locks them.
// Cookie values are secrets: nothing in this package logs them, and errors
// never include them.
package cookies
