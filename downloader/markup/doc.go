// Package markup holds the rules for reading picture addresses out of HTML
// that both the link reader (downloader/links) and the page reader
// (downloader/pages) follow: how a srcset attribute is split and which
// <meta> tags name a page's picture. Keeping them in one place means a page
// pasted as text and a page opened for its pictures agree on what they hold.
package markup
