package naming

import (
	"path/filepath"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// safeNameProblem returns what is wrong with s as a name returned by this
// package, or "" when it is a safe, stable base name.
func safeNameProblem(s string) string {
	switch {
	case s == "":
		return "empty"
	case !utf8.ValidString(s):
		return "invalid UTF-8"
	case len(s) > MaxBytes:
		return "longer than MaxBytes"
	case !filepath.IsLocal(s):
		return "not local"
	case filepath.Base(s) != s:
		return "not a base name"
	case strings.ContainsAny(s, `/\:*?"<>|`):
		return "character Windows rejects"
	case strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) || isBidiControl(r) }) >= 0:
		return "control or bidi character"
	case strings.HasPrefix(s, ".") || strings.HasPrefix(s, " "):
		return "leading dot or space"
	case strings.HasSuffix(s, ".") || strings.HasSuffix(s, " "):
		return "trailing dot or space"
	case isWindowsDevice(s):
		return "Windows device name"
	case Sanitize(s) != s:
		return "Sanitize changes it to " + Sanitize(s)
	}
	return ""
}

// isWindowsDevice follows the rules of Windows itself (as in Go's own
// filepath package on Windows): the part before the first '.' or ':',
// without trailing spaces, compared case-insensitively with the device list.
func isWindowsDevice(name string) bool {
	base := name
	if i := strings.IndexAny(base, ".:"); i >= 0 {
		base = base[:i]
	}
	base = strings.TrimRight(base, " ")
	devices := []string{"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"}
	for _, prefix := range []string{"COM", "LPT"} {
		for _, digit := range []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³"} {
			devices = append(devices, prefix+digit)
		}
	}
	for _, device := range devices {
		if strings.EqualFold(base, device) {
			return true
		}
	}
	return false
}

// assertSafeName fails the test when got is not a safe, stable base name.
func assertSafeName(t *testing.T, input, got string) {
	t.Helper()
	if problem := safeNameProblem(got); problem != "" {
		t.Errorf("input %q gave %q: %s", input, got, problem)
	}
}
