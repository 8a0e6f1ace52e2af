package links

import "strings"

// bom is the UTF-8 byte order mark some editors put at the start of a file.
const bom = "\uFEFF"

// eachLine calls fn with every line of text and its 1-based number. Lines
// end at "\r\n", "\n" or a lone "\r"; the line breaks are not passed on.
func eachLine(text string, first int, fn func(num int, line string)) {
	num := first
	for {
		i := strings.IndexAny(text, "\r\n")
		if i < 0 {
			fn(num, text)
			return
		}
		fn(num, text[:i])
		if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			i++
		}
		text = text[i+1:]
		num++
	}
}
