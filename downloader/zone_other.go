//go:build !windows

package downloader

// markFromInternet does nothing off Windows: no other system reads the
// Mark of the Web.
func markFromInternet(path, link, referer string) {}
