//go:build !unix

package downloader

// noFollow is not available here; openPartOS checks the file it opened instead.
const noFollow = 0

// isLink is never true where opening cannot refuse links.
func isLink(error) bool { return false }
