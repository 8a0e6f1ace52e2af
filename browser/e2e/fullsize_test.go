//go:build browsere2e

package e2e

import (
	"crypto/sha256"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// TestSaveAllPicturesSavesTheOriginals saves, from Chromium with the
// extension, a page that shows small versions of pictures on real picture
// hosts' names (served on loopback, reached through a proxy by the
// browser and Haul alike): each is saved as its original where the host
// keeps one, and as shown where it keeps none.
func TestSaveAllPicturesSavesTheOriginals(t *testing.T) {
	hosts := downloadtest.NewPictureHosts()
	t.Cleanup(hosts.Close)
	t.Setenv("http_proxy", hosts.URL())
	t.Setenv("no_proxy", "127.0.0.1,localhost")
	s := newSession(t)
	if title := s.open(t, downloadtest.PicturesPage); title != "Holiday album" {
		t.Fatalf("the browser is on %q, not the album", title)
	}
	n := len(hosts.Thumbnails)
	if reply := s.saveAll(t, "/album.html"); !reply.OK || reply.Added != n {
		t.Fatalf("Save all pictures: Haul answered %+v, want %d added", reply, n)
	}
	want := map[[32]byte]downloadtest.Thumbnail{}
	for _, th := range hosts.Thumbnails {
		want[sha256.Sum256(th.Want)] = th
	}
	have := waitSums(t, s.saved(), n)
	for sum, th := range want {
		if !have[sum] {
			t.Errorf("%s (%s): not saved as %s", th.Link, th.Kind, map[bool]string{true: "its original", false: "shown"}[th.Original])
		}
	}
}

// waitSums waits until dir and its folders hold n files, and returns
// their sha256.
func waitSums(t *testing.T, dir string, n int) map[[32]byte]bool {
	deadline := time.Now().Add(90 * time.Second)
	for {
		sums := map[[32]byte]bool{}
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() && filepath.Ext(p) != ".part" {
				if b, err := os.ReadFile(p); err == nil {
					sums[sha256.Sum256(b)] = true
				}
			}
			return nil
		})
		if len(sums) >= n || time.Now().After(deadline) {
			return sums
		}
		time.Sleep(200 * time.Millisecond)
	}
}
