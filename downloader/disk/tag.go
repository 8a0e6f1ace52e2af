package disk

import (
	"crypto/sha256"
	"strings"

	"haul/downloader/links"
)

// Tag is what a file Haul writes says of itself, in an extended attribute
// (its note): the link it belongs to and the version of the file its bytes
// are from. It lets a run whose queue was lost (deleted, damaged, or
// -state off) recognise the temporary files an earlier run left, and
// resume them, and the files it saved, and skip them.
type Tag struct {
	Link, ETag, Modified string
	// compact holds a note read back in compact form (a small file's, see
	// noteSums), whose link and version are known only by their sums; nil
	// for a note in words.
	compact *noteSums
}

// SameVersion says the bytes tagged t are of the version now offered:
// both carry the same strong ETag, or, without ETags, the same
// Last-Modified. Without a validator nothing can be known to match.
func (t Tag) SameVersion(now Tag) bool {
	if t.compact != nil || now.compact != nil {
		return t.sums().sameVersion(now.sums())
	}
	if strongETag(t.ETag) || strongETag(now.ETag) {
		return t.ETag == now.ETag
	}
	return t.Modified != "" && t.Modified == now.Modified
}

// HasVersion says the tag knows which version of the file it holds.
func (t Tag) HasVersion() bool {
	if t.compact != nil {
		return t.compact.hasVersion()
	}
	return strongETag(t.ETag) || t.Modified != ""
}

// IsFor says the tag notes link, however it is spelled.
func (t Tag) IsFor(link string) bool {
	if t.compact != nil {
		return t.compact.link == SumOfLink(link)
	}
	return links.Same(t.Link, link)
}

// LinkSum is the sum of the tag's link, however the tag was kept.
func (t Tag) LinkSum() LinkSum { return t.sums().link }

// strongETag says the ETag can vouch for the bytes: present and not weak.
func strongETag(etag string) bool { return etag != "" && !strings.HasPrefix(etag, "W/") }

// A small file saved without a temporary name carries its note in compact
// form: the sums of its link and version instead of their words. The note
// then fits in the room the file system keeps inside the file's own inode
// (about 60 bytes on ext4) instead of taking a block of its own, which
// would double the disk a 2 KB file takes and cost a write of its own.
// Temporary files keep their note in words: resuming one asks the site for
// the rest of the version the note names (If-Range).

// LinkSum identifies a link in a compact note: the first 16 bytes of the
// sha256 of its canonical form.
type LinkSum [16]byte

// valueSum identifies an ETag or a Last-Modified in a compact note.
type valueSum [8]byte

// noteSums is a compact note: its link and version known by their sums.
type noteSums struct {
	link               LinkSum
	etag, modified     valueSum
	hasETag, strongTag bool // the version has an ETag; a strong one
	hasModified        bool // the version has a Last-Modified
}

// compactNoteMark starts a compact note; a note in words starts with its
// link's scheme, a letter.
const compactNoteMark = 0x01

// compactNoteLen is the length of a compact note: the mark, the flags and
// the sums.
const compactNoteLen = 2 + len(LinkSum{}) + 2*len(valueSum{})

// The flags of a compact note.
const (
	noteHasETag = 1 << iota
	noteStrongETag
	noteHasModified
)

// SumOfLink is the sum of link's canonical form (of link itself when it
// has none), so that every spelling of one link has one sum.
func SumOfLink(link string) LinkSum {
	if key, ok := links.Canonical(link); ok {
		link = key
	}
	sum := sha256.Sum256([]byte(link))
	return LinkSum(sum[:len(LinkSum{})])
}

// sumOfValue is the sum of a header value.
func sumOfValue(v string) valueSum {
	sum := sha256.Sum256([]byte(v))
	return valueSum(sum[:len(valueSum{})])
}

// sums is the tag in compact form.
func (t Tag) sums() noteSums {
	if t.compact != nil {
		return *t.compact
	}
	return noteSums{link: SumOfLink(t.Link), etag: sumOfValue(t.ETag), modified: sumOfValue(t.Modified),
		hasETag: t.ETag != "", strongTag: strongETag(t.ETag), hasModified: t.Modified != ""}
}

// compactNote is the tag as stored in compact form.
func (t Tag) compactNote() []byte {
	s := t.sums()
	flags := flagIf(s.hasETag, noteHasETag) | flagIf(s.strongTag, noteStrongETag) | flagIf(s.hasModified, noteHasModified)
	b := make([]byte, 0, compactNoteLen)
	b = append(b, compactNoteMark, flags)
	b = append(b, s.link[:]...)
	b = append(b, s.etag[:]...)
	return append(b, s.modified[:]...)
}

// flagIf is flag when set, else nothing.
func flagIf(set bool, flag byte) byte {
	if set {
		return flag
	}
	return 0
}

// parseCompactNote reads what compactNote wrote; ok is false for anything
// else, such as a note in words.
func parseCompactNote(b []byte) (t Tag, ok bool) {
	if len(b) != compactNoteLen || b[0] != compactNoteMark {
		return Tag{}, false
	}
	flags := b[1]
	s := noteSums{hasETag: flags&noteHasETag != 0, strongTag: flags&noteStrongETag != 0, hasModified: flags&noteHasModified != 0}
	rest := b[2:]
	rest = rest[copy(s.link[:], rest):]
	rest = rest[copy(s.etag[:], rest):]
	copy(s.modified[:], rest)
	return Tag{compact: &s}, true
}

// sameVersion is Tag.SameVersion for notes in either form.
func (s noteSums) sameVersion(now noteSums) bool {
	if s.strongTag || now.strongTag {
		return s.hasETag == now.hasETag && s.etag == now.etag
	}
	return s.hasModified && now.hasModified && s.modified == now.modified
}

// hasVersion is Tag.HasVersion for a note in either form.
func (s noteSums) hasVersion() bool { return s.strongTag || s.hasModified }

// Compact says the tag was read back in compact form: its link is known
// by its sum alone (LinkSum).
func (t Tag) Compact() bool { return t.compact != nil }
