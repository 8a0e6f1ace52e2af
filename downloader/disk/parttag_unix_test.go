//go:build unix

package disk

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/sys/unix"
)

// TestPartTagsReadBackInEitherLayout reads tags written in one attribute,
// as now, and in two, as earlier versions did, so that files saved by an
// earlier version are still known for their link's and version's.
func TestPartTagsReadBackInEitherLayout(t *testing.T) {
	full := Tag{Link: "http://example.com/a.jpg", ETag: `"v1"`, Modified: "Mon, 02 Jan 2006 15:04:05 GMT"}
	cases := []struct {
		name  string
		write func(path string) bool
		want  Tag
	}{
		{"one attribute", func(path string) bool { return TagPart(path, full) }, full},
		{"one attribute, no version", func(path string) bool { return TagPart(path, Tag{Link: full.Link}) }, Tag{Link: full.Link}},
		{"two attributes, as earlier versions wrote", func(path string) bool {
			return unix.Lsetxattr(path, partLinkAttr, []byte(full.Link), 0) == nil &&
				unix.Lsetxattr(path, partVersionAttr, []byte(full.versionText()), 0) == nil
		}, full},
		{"link only, as earlier versions wrote", func(path string) bool {
			return unix.Lsetxattr(path, partLinkAttr, []byte(full.Link), 0) == nil
		}, Tag{Link: full.Link}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "a.jpg")
			if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
			if !tc.write(path) {
				t.Skip("this file system keeps no extended attributes")
			}
			got, ok := ReadTag(path)
			if !ok || got != tc.want {
				t.Fatalf("read back %+v (found %v), want %+v", got, ok, tc.want)
			}
		})
	}
}

// TestPartTagIsOneAttribute checks that a tag costs one attribute, so that
// saving a small file makes one call for its note, not two.
func TestPartTagIsOneAttribute(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.jpg")
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !TagPart(path, Tag{Link: "http://example.com/a.jpg", ETag: `"v1"`}) {
		t.Skip("this file system keeps no extended attributes")
	}
	if _, err := unix.Lgetxattr(path, partVersionAttr, nil); err == nil {
		t.Fatalf("the version was written in an attribute of its own")
	}
}

// TestSmallFilesNoteTakesNoBlock: a small file's note is kept inside its
// inode, so the file takes no more disk than the same file without a note,
// where the file system keeps short notes there at all.
func TestSmallFilesNoteTakesNoBlock(t *testing.T) {
	dir := t.TempDir()
	blocks := func(name string, note func(f *os.File) bool) int64 {
		t.Helper()
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.Write(make([]byte, 2000)); err != nil {
			t.Fatal(err)
		}
		if !note(f) {
			t.Skip("this file system keeps no extended attributes")
		}
		if err := f.Sync(); err != nil {
			t.Fatal(err)
		}
		var st unix.Stat_t
		if err := unix.Fstat(int(f.Fd()), &st); err != nil {
			t.Fatal(err)
		}
		return st.Blocks
	}
	bare := blocks("bare", func(*os.File) bool { return true })
	if blocks("short", func(f *os.File) bool { return unix.Fsetxattr(int(f.Fd()), partLinkAttr, []byte("x"), 0) == nil }) != bare {
		t.Skip("this file system keeps no note inside the inode")
	}
	long := "https://images.example.test/originals/ab/cd/ef/abcdef0123456789abcdef0123456789.jpg?width=4096&quality=90"
	noted := blocks("noted", func(f *os.File) bool {
		return TagFile(f, Tag{Link: long, ETag: `"0123456789abcdef0123456789abcdef"`, Modified: "Mon, 02 Jan 2006 15:04:05 GMT"})
	})
	if noted != bare {
		t.Errorf("a noted small file takes %d blocks, %d without its note", noted, bare)
	}
}
