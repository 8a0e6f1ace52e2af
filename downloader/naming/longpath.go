package naming

import "strings"

// MaxPath is the longest path, in UTF-16 code units, that Explorer and most
// Windows programs open: MAX_PATH (260) less the terminating NUL. Windows
// itself takes longer paths written with the long-path prefix (\\?\), which
// Go's os package adds by itself to long absolute paths.
const MaxPath = 259

// numberRoom is the room kept for a number Haul may add to a name, " (999)".
const numberRoom = len(" (999)")

// minFitStem is the shortest stem FitPath shortens a name to; a folder that
// leaves less keeps the name whole, written through the long-path prefix.
const minFitStem = 8

// FitPath shortens name, keeping its extension, so that the path of the
// file in dir, with room for a number " (999)", is at most MaxPath UTF-16
// code units long: the file can then be opened by every Windows program,
// not only by those that know the long-path prefix. A name that fits is
// returned as it is, and so is one in a folder so deep that fewer than
// minFitStem characters of its stem would be left. The result is a
// Sanitize'd name when name is.
func FitPath(dir, name string) string {
	room := MaxPath - utf16Len(strings.TrimRight(dir, `\/`)) - 1 - numberRoom
	if utf16Len(name) <= room {
		return name
	}
	stem, ext := splitExt(name)
	keep := room - utf16Len(ext)
	if keep < minFitStem {
		return name
	}
	short := strings.TrimRight(cutUTF16(stem, keep), ". ")
	if short == "" {
		return name
	}
	return avoidReserved(short + ext)
}

// utf16Len is the length of s in UTF-16 code units, as Windows counts.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r >= 0x10000 {
			n++
		}
	}
	return n
}

// cutUTF16 returns the longest prefix of s that is at most n UTF-16 code
// units long and does not split a character.
func cutUTF16(s string, n int) string {
	used := 0
	for i, r := range s {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if used+w > n {
			return s[:i]
		}
		used += w
	}
	return s
}
