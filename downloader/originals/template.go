package originals

import (
	"strconv"
	"strings"
)

// expand fills a template's groups: $1 (the digits that follow) or
// ${name} (or ${1}); a group that did not take part is empty, and a "$"
// followed by neither stays as it is.
func expand(template string, groups, names []string) string {
	if !strings.Contains(template, "$") {
		return template
	}
	var b strings.Builder
	for i := 0; i < len(template); i++ {
		c := template[i]
		if c != '$' || i+1 == len(template) {
			b.WriteByte(c)
			continue
		}
		ref, width := groupRef(template[i+1:])
		if width == 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteString(group(ref, groups, names))
		i += width
	}
	return b.String()
}

// groupRef reads what follows a "$": the group's number or name and how
// many bytes it took; 0 when it names no group.
func groupRef(s string) (string, int) {
	if strings.HasPrefix(s, "{") {
		end := strings.IndexByte(s, '}')
		if end <= 1 {
			return "", 0
		}
		return s[1:end], end + 1
	}
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return s[:n], n
}

// group is the text of the group ref, by number or name.
func group(ref string, groups, names []string) string {
	for i, name := range names {
		if i < len(groups) && (name == ref && name != "" || strconv.Itoa(i) == ref) {
			return groups[i]
		}
	}
	return ""
}

// alternatives expands a template's choices: "a.{jpg,png}" is "a.jpg",
// then "a.png". A "{" right after "$" is a group's name, not a choice.
// Only the first choice of a template is expanded; more multiply.
func alternatives(template string) []string {
	start := -1
	for i := 0; i < len(template); i++ {
		if template[i] == '{' && (i == 0 || template[i-1] != '$') {
			start = i
			break
		}
	}
	if start < 0 {
		return []string{template}
	}
	end := strings.IndexByte(template[start:], '}')
	if end < 0 {
		return []string{template}
	}
	end += start
	var out []string
	for _, choice := range strings.Split(template[start+1:end], ",") {
		for _, rest := range alternatives(template[end+1:]) {
			out = append(out, template[:start]+choice+rest)
		}
	}
	return out
}
