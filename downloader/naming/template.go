package naming

import (
	"regexp"
	"strconv"
	"strings"
)

// A name template names the pictures found on a web page, such as
// "{page} {n}.{ext}". Its fields are:
//
//   - {n}: the picture's position among the page's pictures, zero-padded to
//     the digits of their count (at least two: 01, 02 … or 001 … 120);
//   - {name}: the file's own name, without its extension;
//   - {ext}: the file's extension, without the dot;
//   - {host}: the site the picture comes from;
//   - {page}: the page's title (or, without one, its address), made safe.
//
// A template without {ext} keeps the file's own extension at the end. A
// slash in a template does not make folders: it becomes '_'.

// TemplateFields lists the fields a name template may use.
var TemplateFields = []string{"n", "name", "ext", "host", "page"}

var fieldPattern = regexp.MustCompile(`\{([^{}]*)\}`)

// UnknownField returns the first {field} of tmpl that is not one of
// TemplateFields, or "" when every field is known.
func UnknownField(tmpl string) string {
	for _, m := range fieldPattern.FindAllStringSubmatch(tmpl, -1) {
		known := false
		for _, f := range TemplateFields {
			known = known || m[1] == f
		}
		if !known {
			return m[0]
		}
	}
	return ""
}

// PlaceTemplate fills the fields of tmpl that are known as soon as a
// picture is found: {n} (position n of count), {host} and {page}. {name} and
// {ext} are left for FromTemplate. Braces in the values become parentheses,
// so a page title cannot add fields of its own.
func PlaceTemplate(tmpl string, n, count int, host, page string) string {
	width := max(2, len(strconv.Itoa(count)))
	num := strconv.Itoa(n)
	if len(num) < width {
		num = strings.Repeat("0", width-len(num)) + num
	}
	value := strings.NewReplacer("{", "(", "}", ")", "/", "_", `\`, "_")
	return strings.NewReplacer(
		"{n}", num,
		"{host}", value.Replace(host),
		"{page}", value.Replace(page),
		"/", "_", `\`, "_",
	).Replace(tmpl)
}

// FromTemplate fills {name} and {ext} of a template already placed with
// PlaceTemplate from the file's own name, and returns a safe file name. The
// own name's extension is added when the template has no {ext}; an empty
// template keeps the own name.
func FromTemplate(placed, own string) string {
	if placed == "" {
		return Sanitize(own)
	}
	stem, ext := splitExt(own)
	ext = strings.TrimPrefix(ext, ".")
	if !strings.Contains(placed, "{ext}") && ext != "" {
		placed += ".{ext}"
	}
	name := strings.NewReplacer("{name}", slashes.Replace(stem), "{ext}", slashes.Replace(ext)).Replace(placed)
	return Sanitize(name)
}
