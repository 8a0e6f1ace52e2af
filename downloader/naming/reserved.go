package naming

import "strings"

// avoidReserved appends '_' to the stem of a Windows device name such as
// CON, nul.tar.gz or COM¹.txt, which Windows would open as a device instead
// of a file.
func avoidReserved(name string) string {
	stem, rest, _ := strings.Cut(name, ".")
	if !isReservedStem(stem) {
		return name
	}
	if rest == "" {
		return stem + "_"
	}
	return stem + "_." + rest
}

// isReservedStem reports whether stem, the part of a name before its first
// dot, is a Windows device name. Windows ignores trailing spaces here.
func isReservedStem(stem string) bool {
	stem = strings.ToUpper(strings.TrimRight(stem, " "))
	switch stem {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	for _, prefix := range []string{"COM", "LPT"} {
		num, ok := strings.CutPrefix(stem, prefix)
		if !ok {
			continue
		}
		switch num {
		case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³":
			return true
		}
	}
	return false
}
