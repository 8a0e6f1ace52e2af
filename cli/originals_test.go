package cli

import (
	"context"
	"crypto/sha256"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

// savedSums are the sha256 of every file saved into dir.
func savedSumsIn(t *testing.T, dir string) map[[32]byte]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	sums := map[[32]byte]string{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		sums[sha256.Sum256(b)] = e.Name()
	}
	return sums
}

// TestGetSavesTheOriginalsOfAPagesSmallPictures: haul get on a page that
// shows the picture hosts' small versions saves each as its original
// where there is one, and the small version itself where there is none;
// -as-linked saves them all as the links give them.
func TestGetSavesTheOriginalsOfAPagesSmallPictures(t *testing.T) {
	hosts := downloadtest.NewPictureHosts()
	defer hosts.Close()
	tests := []struct {
		name     string
		flags    []string
		original bool
		said     string
	}{
		{"full size", nil, true, "as the full-size picture"},
		{"as linked", []string{"-as-linked"}, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			args := append([]string{"-q", "-proxy", hosts.URL(), "-o", out}, tt.flags...)
			r := runGet(context.Background(), "", append(args, downloadtest.PicturesPage)...)
			if r.code != 0 {
				t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			sums := savedSumsIn(t, out)
			for _, th := range hosts.Thumbnails {
				want := th.Want
				if !tt.original && th.Original {
					if _, ok := sums[sha256.Sum256(want)]; ok {
						t.Errorf("%s: saved as its original with -as-linked", th.Link)
					}
					continue
				}
				if _, ok := sums[sha256.Sum256(want)]; !ok {
					t.Errorf("%s (%s): not saved as %s", th.Link, th.Kind, map[bool]string{true: "its original", false: "given"}[th.Original])
				}
			}
			if len(sums) != len(hosts.Thumbnails) {
				t.Errorf("%d files saved for %d pictures", len(sums), len(hosts.Thumbnails))
			}
			if tt.said != "" && !strings.Contains(r.stdout, tt.said) {
				t.Errorf("the summary does not say originals were saved:\n%s", r.stdout)
			}
			if tt.said == "" && strings.Contains(r.stdout, "full-size") {
				t.Errorf("-as-linked summary speaks of originals:\n%s", r.stdout)
			}
		})
	}
}

// TestABrokenRulesFileIsNamedByItsLine: a mistake in the user's own
// picture rules is said with the file and its line, and the built-in
// rules still save the originals.
func TestABrokenRulesFileIsNamedByItsLine(t *testing.T) {
	hosts := downloadtest.NewPictureHosts()
	defer hosts.Close()
	rules := filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "haul", "picture-rules.txt")
	if err := os.MkdirAll(filepath.Dir(rules), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(rules, []byte("[mine]\nhost = example.com\nmatch = ^(unclosed\ntry = $1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Remove(rules) })
	th := hosts.Thumbnails[0]
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(context.Background(), "", "-q", "-proxy", hosts.URL(), "-o", out, th.Link)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if !strings.Contains(r.stderr, rules) || !strings.Contains(r.stderr, "line 3") {
		t.Errorf("stderr does not name the file and its line 3:\n%s", r.stderr)
	}
	if _, ok := savedSumsIn(t, out)[sha256.Sum256(th.Want)]; !ok {
		t.Error("the built-in rules did not save the original")
	}
}
