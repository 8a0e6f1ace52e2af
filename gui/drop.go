package gui

import (
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"haul/gui/kit"
)

// droppedLink returns the web address a dropped item stands for, or "" for
// a file. Fyne hands every dropped item over as a URI: a link or picture
// dragged from a browser arrives as an http(s) URI, or, where the windowing
// library reads a text/uri-list as a list of paths, as a file URI made by
// putting the link (its %-escapes decoded) after the current folder, as in
// file:///home/me/https:/site/cat.jpg.
func droppedLink(uri fyne.URI) string {
	switch strings.ToLower(uri.Scheme()) {
	case "http", "https":
		return uri.String()
	case "file":
		p := filepath.ToSlash(uri.Path())
		lower := strings.ToLower(p)
		for _, scheme := range []string{"https:/", "http:/"} {
			i := strings.Index(lower, scheme)
			if i < 0 || (i > 0 && p[i-1] != '/') || fileExists(uri.Path()) {
				continue
			}
			return reescape(withTwoSlashes(p[i:]))
		}
	}
	return ""
}

// withTwoSlashes restores the "//" after the scheme that making a path of
// the link turned into one slash.
func withTwoSlashes(link string) string {
	scheme, rest, _ := strings.Cut(link, ":")
	return scheme + "://" + strings.TrimLeft(rest, "/")
}

// fileExists reports whether path names something on disk.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// reescape writes again the characters a link cannot hold as they are and
// that decoding the dropped list turned back into themselves.
func reescape(link string) string {
	return strings.NewReplacer(" ", "%20", "\t", "%09", `"`, "%22", "<", "%3C", ">", "%3E").Replace(link)
}

// droppedLinks splits dropped items into web addresses and the rest.
func droppedLinks(uris []fyne.URI) (links []string, rest []fyne.URI) {
	for _, uri := range uris {
		if link := droppedLink(uri); link != "" {
			links = append(links, link)
		} else {
			rest = append(rest, uri)
		}
	}
	return links, rest
}

// addDropped queues dropped links and list files and says what happened.
// Dropped files that are not lists are named at once; the report on the
// lists, read in the background, follows.
func (l *intakeLine) addDropped(webLinks, paths, refused []string) {
	u := l.ui
	var r intakeResult
	if len(webLinks) > 0 {
		res, held := u.intake.extract(strings.Join(webLinks, "\n"))
		u.intake.queue(res, &r, held)
	}
	if len(refused) > 0 {
		msg := lang.X("intake.refused", "{{.Names}}: not a list of links. Drop .txt, .csv, .xlsx, .html or .md files.",
			kit.Data{"Names": strings.Join(refused, ", ")})
		u.intake.set(msg, nil)
		if len(paths) == 0 {
			r.errors = append(r.errors, msg)
		}
	}
	if len(paths) == 0 {
		if len(webLinks) > 0 {
			u.intake.showAdded(r)
		}
		return
	}
	u.intake.addFiles(paths, r)
}
