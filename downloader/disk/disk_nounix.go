//go:build !unix

package disk

import "os"

// noFollow is not available here; OpenPartOS checks the file it opened instead.
const noFollow = 0

// isLink is never true where opening cannot refuse links.
func isLink(error) bool { return false }

// TagPart keeps no note where the system has no extended attributes.
func TagPart(string, Tag) bool { return false }

// TagFile keeps no note where the system has no extended attributes.
func TagFile(*os.File, Tag) bool { return false }

// ReadTag finds no note where files carry none: a leftover temporary
// file is then never taken for Haul's.
func ReadTag(string) (Tag, bool) { return Tag{}, false }
