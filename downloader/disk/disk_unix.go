//go:build unix

package disk

import (
	"errors"
	"os"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// noFollow makes opening a symbolic link fail instead of following it.
const noFollow = syscall.O_NOFOLLOW

// isLink says an open with noFollow failed because the path is a symbolic link.
func isLink(err error) bool { return errors.Is(err, syscall.ELOOP) }

// The extended attribute on a temporary file: the link it belongs to, then
// on the next lines the version of the file (ETag and Last-Modified) its
// bytes are from. Files tagged by earlier versions keep the version in an
// attribute of its own (partVersionAttr), which is still read.
const (
	partLinkAttr    = "user.haul.link"
	partVersionAttr = "user.haul.version"
)

// maxTagBytes bounds what is read back from a temporary file's attribute.
const maxTagBytes = 64 << 10

// TagPart notes on a new temporary file which link and which version of
// the file it holds, so that a later run can recognise it and resume it
// even when the queue was lost. File systems without extended attributes
// keep no note, and such a file is later treated as not Haul's. It says
// whether the note was kept.
func TagPart(path string, t Tag) bool {
	return writeTag(func(name string, value []byte) error { return unix.Lsetxattr(path, name, value, 0) }, t)
}

// TagFile notes the same, in compact form (see noteSums), on an open
// small file without a name yet.
func TagFile(f *os.File, t Tag) bool {
	return unix.Fsetxattr(int(f.Fd()), partLinkAttr, t.compactNote(), 0) == nil
}

// writeTag stores the tag, its link and version in one attribute, through
// set; it says whether the tag was stored. A link never holds a line break
// (a parsed URL cannot), so the first line is the link.
func writeTag(set func(name string, value []byte) error, t Tag) bool {
	return set(partLinkAttr, []byte(t.Link+"\n"+t.versionText())) == nil
}

// ReadTag reads the note TagPart or TagFile left on the file at path;
// ok is false when the file carries none.
func ReadTag(path string) (t Tag, ok bool) {
	value, ok := readAttr(path, partLinkAttr)
	if !ok {
		return Tag{}, false
	}
	if t, ok := parseCompactNote([]byte(value)); ok {
		return t, true
	}
	link, version, inOne := strings.Cut(value, "\n")
	t.Link = link
	if !inOne {
		version, inOne = readAttr(path, partVersionAttr)
	}
	if inOne {
		t.ETag, t.Modified = parseVersionText(version)
	}
	return t, true
}

// readAttr reads one extended attribute of path, not following links.
func readAttr(path, name string) (string, bool) {
	size, err := unix.Lgetxattr(path, name, nil)
	if err != nil || size > maxTagBytes {
		return "", false
	}
	buf := make([]byte, size)
	n, err := unix.Lgetxattr(path, name, buf)
	if err != nil {
		return "", false
	}
	return string(buf[:n]), true
}

// otherNames says the file has more than one name (a hard link): writing
// it would change what its other names hold.
func otherNames(_ *os.File, fi os.FileInfo) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return ok && st.Nlink > 1
}

// MarkFromInternet does nothing off Windows: no other system reads the
// Mark of the Web.
func MarkFromInternet(path, link, referer string) {}

// versionText is the version as stored: the ETag and Last-Modified on two
// lines (header values never hold a line break).
func (t Tag) versionText() string { return t.ETag + "\n" + t.Modified }

// parseVersionText reads what versionText wrote.
func parseVersionText(s string) (etag, modified string) {
	etag, modified, _ = strings.Cut(s, "\n")
	return etag, modified
}
