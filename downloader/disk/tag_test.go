package disk

import (
	"testing"
)

// TestCompactNotesAnswerAsNotesInWords: a note read back in compact form
// says which link and which version it is for exactly as the same note in
// words does, against every kind of version offered.
func TestCompactNotesAnswerAsNotesInWords(t *testing.T) {
	const link = "http://example.test/a/原图.jpg"
	versions := []Tag{
		{},
		{ETag: `"v1"`},
		{ETag: `"v2"`},
		{ETag: `W/"v1"`},
		{Modified: "Mon, 02 Jan 2006 15:04:05 GMT"},
		{Modified: "Tue, 03 Jan 2006 15:04:05 GMT"},
		{ETag: `"v1"`, Modified: "Mon, 02 Jan 2006 15:04:05 GMT"},
		{ETag: `W/"v1"`, Modified: "Mon, 02 Jan 2006 15:04:05 GMT"},
	}
	for _, saved := range versions {
		saved.Link = link
		compact, ok := parseCompactNote(saved.compactNote())
		if !ok {
			t.Fatalf("the compact note of %+v does not read back", saved)
		}
		if compact.HasVersion() != saved.HasVersion() {
			t.Errorf("%+v: has a version %v in compact form, %v in words", saved, compact.HasVersion(), saved.HasVersion())
		}
		for _, offered := range versions {
			if got, want := compact.SameVersion(offered), saved.SameVersion(offered); got != want {
				t.Errorf("%+v against %+v: same version %v in compact form, %v in words", saved, offered, got, want)
			}
		}
	}
	compact, _ := parseCompactNote(Tag{Link: link}.compactNote())
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
		if got := compact.IsFor(other.link); got != other.want || (Tag{Link: link}).IsFor(other.link) != other.want {
			t.Errorf("a compact note of %s is for %s: %v, want %v, as in words", link, other.link, got, other.want)
		}
	}
}

// TestWordsAreNotReadAsACompactNote: a note in words, or anything else, is
// never taken for a compact one.
func TestWordsAreNotReadAsACompactNote(t *testing.T) {
	note := Tag{Link: "http://example.test/a.jpg"}.compactNote()
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
