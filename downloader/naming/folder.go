package naming

import "strings"

// MaxFolderBytes is the longest name FolderName returns: page titles are
// often long, and the folder's path must leave room for the files in it.
const MaxFolderBytes = 80

// FolderName returns a safe folder name made from a page title: runs of
// white space become one space, slashes and the other characters Sanitize
// replaces become '_', and the name is cut to MaxFolderBytes bytes. It
// returns "" when nothing usable is left, so the caller can fall back on
// another name.
func FolderName(title string) string {
	title = strings.Join(strings.Fields(title), " ")
	title = slashes.Replace(title)
	name := clean(title)
	if len(name) > MaxFolderBytes {
		name = strings.TrimRight(cutRunes(name, MaxFolderBytes), ". ")
	}
	return name
}
