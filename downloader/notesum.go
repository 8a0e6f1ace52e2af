package downloader

import "crypto/sha256"

// A small file saved without a temporary name carries its note in compact
// form: the sums of its link and version instead of their words. The note
// then fits in the room the file system keeps inside the file's own inode
// (about 60 bytes on ext4) instead of taking a block of its own, which
// would double the disk a 2 KB file takes and cost a write of its own.
// Temporary files keep their note in words: resuming one asks the site for
// the rest of the version the note names (If-Range).

// linkSum identifies a link in a compact note: the first 16 bytes of the
// sha256 of its canonical form.
type linkSum [16]byte

// valueSum identifies an ETag or a Last-Modified in a compact note.
type valueSum [8]byte

// noteSums is a compact note: its link and version known by their sums.
type noteSums struct {
	link               linkSum
	etag, modified     valueSum
	hasETag, strongTag bool // the version has an ETag; a strong one
	hasModified        bool // the version has a Last-Modified
}

// compactNoteMark starts a compact note; a note in words starts with its
// link's scheme, a letter.
const compactNoteMark = 0x01

// compactNoteLen is the length of a compact note: the mark, the flags and
// the sums.
const compactNoteLen = 2 + len(linkSum{}) + 2*len(valueSum{})

// The flags of a compact note.
const (
	noteHasETag = 1 << iota
	noteStrongETag
	noteHasModified
)

// sumOfLink is the sum of link's canonical form (of link itself when it
// has none), so that every spelling of one link has one sum.
func sumOfLink(link string) linkSum {
	if key, ok := CanonicalLink(link); ok {
		link = key
	}
	sum := sha256.Sum256([]byte(link))
	return linkSum(sum[:len(linkSum{})])
}

// sumOfValue is the sum of a header value.
func sumOfValue(v string) valueSum {
	sum := sha256.Sum256([]byte(v))
	return valueSum(sum[:len(valueSum{})])
}

// sums is the tag in compact form.
func (t partTag) sums() noteSums {
	if t.compact != nil {
		return *t.compact
	}
	return noteSums{link: sumOfLink(t.link), etag: sumOfValue(t.etag), modified: sumOfValue(t.modified),
		hasETag: t.etag != "", strongTag: strongETag(t.etag), hasModified: t.modified != ""}
}

// compactNote is the tag as stored in compact form.
func (t partTag) compactNote() []byte {
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
func parseCompactNote(b []byte) (t partTag, ok bool) {
	if len(b) != compactNoteLen || b[0] != compactNoteMark {
		return partTag{}, false
	}
	flags := b[1]
	s := noteSums{hasETag: flags&noteHasETag != 0, strongTag: flags&noteStrongETag != 0, hasModified: flags&noteHasModified != 0}
	rest := b[2:]
	rest = rest[copy(s.link[:], rest):]
	rest = rest[copy(s.etag[:], rest):]
	copy(s.modified[:], rest)
	return partTag{compact: &s}, true
}

// sameVersion is partTag.sameVersion for notes in either form.
func (s noteSums) sameVersion(now noteSums) bool {
	if s.strongTag || now.strongTag {
		return s.hasETag == now.hasETag && s.etag == now.etag
	}
	return s.hasModified && now.hasModified && s.modified == now.modified
}

// hasVersion is partTag.hasVersion for a note in either form.
func (s noteSums) hasVersion() bool { return s.strongTag || s.hasModified }
