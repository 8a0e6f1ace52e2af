package naming

import (
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// A name template names the pictures found on a web page, such as
// "{page} {n}.{ext}". Its fields are:
//
//   - {n}: the picture's position among the page's pictures, zero-padded to
//     the digits of their count (at least two: 01, 02 … or 001 … 120);
//   - {name}: the file's own name, without its extension;
//   - {ext}: the file's extension, without the dot;
//   - {host}: the site the picture comes from;
//   - {page}: the page's title (or, without one, its address), made safe;
//   - {alt}: the picture's alt text or caption, made safe and cut to
//     maxAlt characters; a picture without one keeps its own name there;
//   - {date}: the day the picture was found, as 2006-01-02.
//
// A template without {ext} keeps the file's own extension at the end. A
// slash in a template does not make folders: it becomes '_'.

// TemplateFields lists the fields a name template may use.
var TemplateFields = []string{"n", "name", "ext", "host", "page", "alt", "date"}

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

// maxAlt is the most characters of a picture's alt text a name takes.
const maxAlt = 80

// Place is what is known of a picture as soon as it is found, for its
// name: its position N among Count pictures of its page, its site, the
// page's title, its alt text or caption, and the day it was found.
type Place struct {
	N, Count        int
	Host, Page, Alt string
	Date            time.Time
}

// Fill fills the fields of tmpl that are known as soon as a picture is
// found: {n}, {host}, {page}, {alt} and {date}. {name} and {ext} are left
// for FromTemplate, and so is {alt} of a picture without alt text, which
// becomes {name}. Braces in the values become parentheses, so a page title
// cannot add fields of its own.
func (p Place) Fill(tmpl string) string {
	width := max(2, len(strconv.Itoa(p.Count)))
	num := strconv.Itoa(p.N)
	if len(num) < width {
		num = strings.Repeat("0", width-len(num)) + num
	}
	value := strings.NewReplacer("{", "(", "}", ")", "/", "_", `\`, "_")
	alt := "{name}"
	if a := strings.Join(strings.Fields(p.Alt), " "); a != "" {
		alt = value.Replace(firstRunes(a, maxAlt))
	}
	return strings.NewReplacer(
		"{n}", num,
		"{host}", value.Replace(p.Host),
		"{page}", value.Replace(p.Page),
		"{alt}", alt,
		"{date}", p.Date.Format(time.DateOnly),
		"/", "_", `\`, "_",
	).Replace(tmpl)
}

// PlaceTemplate fills the fields of tmpl known when a picture is found
// (see Place.Fill) for the picture at position n of count on page, from
// host, found today, with no alt text.
func PlaceTemplate(tmpl string, n, count int, host, page string) string {
	return Place{N: n, Count: count, Host: host, Page: page, Date: time.Now()}.Fill(tmpl)
}

// firstRunes cuts s to at most n characters.
func firstRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
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
