//go:build !unix

package downloader

import "os"

// noFollow is not available here; openPartOS checks the file it opened instead.
const noFollow = 0

// isLink is never true where opening cannot refuse links.
func isLink(error) bool { return false }

// tagPart keeps no note where the system has no extended attributes.
func tagPart(string, partTag) bool { return false }

// tagFile keeps no note where the system has no extended attributes.
func tagFile(*os.File, partTag) bool { return false }

// readPartTag finds no note where files carry none: a leftover temporary
// file is then never taken for Haul's.
func readPartTag(string) (partTag, bool) { return partTag{}, false }
