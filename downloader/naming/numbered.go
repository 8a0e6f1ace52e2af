package naming

import "fmt"

// Numbered returns the n-th alternative name for "keep both", such as
// "cat (2).jpg" for "cat.jpg" and n=2 (n >= 2; smaller n return the name
// itself). The name is sanitized first, so the result stays within
// MaxBytes+len(" (n)") bytes and keeps the extension, including compound
// ones like ".tar.gz".
func Numbered(name string, n int) string {
	name = Sanitize(name)
	if n < 2 {
		return name
	}
	stem, ext := splitExt(name)
	return fmt.Sprintf("%s (%d)%s", stem, n, ext)
}
