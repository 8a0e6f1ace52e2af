//go:build !unix && !windows

package disk

import "os"

// otherNames cannot tell here how many names a file has.
func otherNames(*os.File, os.FileInfo) bool { return false }

// MarkFromInternet does nothing off Windows: no other system reads the
// Mark of the Web.
func MarkFromInternet(path, link, referer string) {}
