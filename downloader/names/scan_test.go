package names

import (
	"fmt"
	"haul/downloader/disk"
	"maps"
	"os"
	"path/filepath"
	"testing"
)

func TestScanFolderFindsTemporaryFiles(t *testing.T) {
	tests := []struct {
		name  string
		files []string
		want  bool
	}{
		{"empty folder", nil, false},
		{"finished files only", []string{"a.jpg", "b.png", "part", "a.partial"}, false},
		{"one temporary file", []string{"a.jpg", "b.png.part"}, true},
		{"a temporary file after a thousand others", append(numbered(1500), "z.bin.part"), true},
		{"a hidden file", []string{".directory"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for _, f := range tt.files {
				if err := os.WriteFile(filepath.Join(dir, f), nil, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			found := scanFolder(dir)
			if found.parts != tt.want {
				t.Errorf("scanFolder says temporary files: %v, want %v", found.parts, tt.want)
			}
			if found.empty != (len(tt.files) == 0) {
				t.Errorf("scanFolder says empty: %v, for %d files", found.empty, len(tt.files))
			}
		})
	}
	if found := scanFolder(filepath.Join(t.TempDir(), "missing")); found.parts || len(found.saved) != 0 || !found.empty {
		t.Errorf("a folder that does not exist holds nothing, got %+v", found)
	}
}

// TestScanFolderFindsSavedFiles: the files under numbered names that carry
// a link's note are found by the link, however it is spelled; files under
// the name their link wants (found by trying it), other files and
// temporary files are not.
func TestScanFolderFindsSavedFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, link string) {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(name), 0o644); err != nil {
			t.Fatal(err)
		}
		if link != "" && !disk.TagPart(path, disk.Tag{Link: link, ETag: `"v1"`}) {
			t.Skip("this file system keeps no extended attributes")
		}
	}
	write("original.jpg", "http://example.test/a/1/original.jpg")
	write("original (2).jpg", "http://example.test/a/2/原图/original.jpg")
	write("original (3).jpg", "http://example.test/a/3/original.jpg")
	write("mine.jpg", "")
	small := filepath.Join(dir, "original (4).jpg") // a small file's note, in compact form
	f, err := os.Create(small)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !disk.TagFile(f, disk.Tag{Link: "http://example.test/a/4/original.jpg", ETag: `"v1"`}) {
		t.Skip("this file system keeps no extended attributes")
	}
	write("next.jpg.part", "http://example.test/next.jpg")
	found := scanFolder(dir)
	parts, saved := found.parts, found.saved
	if found.empty {
		t.Error("a folder of five files was found empty")
	}
	if !parts {
		t.Error("the temporary file was not found")
	}
	want := map[disk.LinkSum]string{
		disk.SumOfLink("http://example.test/a/2/%E5%8E%9F%E5%9B%BE/original.jpg"): "original (2).jpg",
		disk.SumOfLink("http://example.test/a/3/original.jpg"):                    "original (3).jpg",
		disk.SumOfLink("http://example.test/a/4/original.jpg"):                    "original (4).jpg",
	}
	if !maps.Equal(saved, want) {
		t.Errorf("saved files %v, want %v", saved, want)
	}
}

func numbered(n int) []string {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("f%04d.bin", i)
	}
	return names
}
