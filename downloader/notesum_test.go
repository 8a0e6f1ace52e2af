package downloader

import (
	"testing"
)

// TestCompactNotesAnswerAsNotesInWords: a note read back in compact form
// says which link and which version it is for exactly as the same note in
// words does, against every kind of version offered.
func TestCompactNotesAnswerAsNotesInWords(t *testing.T) {
	const link = "http://example.test/a/原图.jpg"
	versions := []partTag{
		{},
		{etag: `"v1"`},
		{etag: `"v2"`},
		{etag: `W/"v1"`},
		{modified: "Mon, 02 Jan 2006 15:04:05 GMT"},
		{modified: "Tue, 03 Jan 2006 15:04:05 GMT"},
		{etag: `"v1"`, modified: "Mon, 02 Jan 2006 15:04:05 GMT"},
		{etag: `W/"v1"`, modified: "Mon, 02 Jan 2006 15:04:05 GMT"},
	}
	for _, saved := range versions {
		saved.link = link
		compact, ok := parseCompactNote(saved.compactNote())
		if !ok {
			t.Fatalf("the compact note of %+v does not read back", saved)
		}
		if compact.hasVersion() != saved.hasVersion() {
			t.Errorf("%+v: has a version %v in compact form, %v in words", saved, compact.hasVersion(), saved.hasVersion())
		}
		for _, offered := range versions {
			if got, want := compact.sameVersion(offered), saved.sameVersion(offered); got != want {
				t.Errorf("%+v against %+v: same version %v in compact form, %v in words", saved, offered, got, want)
			}
		}
	}
	compact, _ := parseCompactNote(partTag{link: link}.compactNote())
	for _, other := range []struct {
		link string
		want bool
	}{
		{link, true},
		{"http://example.test/a/%E5%8E%9F%E5%9B%BE.jpg", true},
		{"HTTP://EXAMPLE.TEST/a/%E5%8E%9F%E5%9B%BE.jpg", false}, // another host's spelling, as for a note in words
		{"http://example.test/a/other.jpg", false},
		{"http://example.test/a/原图.jpg?size=2", false},
	} {
		if got := compact.isFor(other.link); got != other.want || (partTag{link: link}).isFor(other.link) != other.want {
			t.Errorf("a compact note of %s is for %s: %v, want %v, as in words", link, other.link, got, other.want)
		}
	}
}

// TestWordsAreNotReadAsACompactNote: a note in words, or anything else, is
// never taken for a compact one.
func TestWordsAreNotReadAsACompactNote(t *testing.T) {
	note := partTag{link: "http://example.test/a.jpg"}.compactNote()
	for _, b := range [][]byte{
		nil,
		[]byte("http://example.test/a.jpg\n\"v1\"\n"),
		note[:len(note)-1],
		append(note, 0),
	} {
		if _, ok := parseCompactNote(b); ok {
			t.Errorf("%q read as a compact note", b)
		}
	}
}
