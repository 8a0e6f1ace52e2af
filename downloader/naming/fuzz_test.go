package naming

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

// outputDir is the folder names are joined to when checking containment.
var outputDir = filepath.Join(string(filepath.Separator)+"home", "user", "Downloads")

// assertInsideDir fails the test when name, joined to a folder, would land
// anywhere but directly inside that folder.
func assertInsideDir(t *testing.T, name string) {
	t.Helper()
	joined := filepath.Join(outputDir, name)
	rel, err := filepath.Rel(outputDir, joined)
	if err != nil || rel != name || filepath.Dir(joined) != outputDir || !strings.HasPrefix(joined, outputDir+string(filepath.Separator)) {
		t.Errorf("name %q joined to %q gives %q, outside the folder", name, outputDir, joined)
	}
}

func FuzzSanitize(f *testing.F) {
	for _, tc := range sanitizeCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, name string) {
		got := Sanitize(name)
		assertSafeName(t, name, got)
		assertInsideDir(t, got)
		if numbered := Numbered(name, 2); isWindowsDevice(numbered) || !filepath.IsLocal(numbered) {
			t.Errorf("Numbered(%q, 2) = %q is not safe", name, numbered)
		}
	})
}

func FuzzFromResponse(f *testing.F) {
	for _, tc := range responseCases {
		f.Add(tc.disposition, tc.rawURL, tc.contentType)
	}
	f.Fuzz(func(t *testing.T, disposition, rawURL, contentType string) {
		urls := []*url.URL{nil, {Scheme: "https", Host: "example.com", Path: rawURL}}
		if u, err := url.Parse(rawURL); err == nil {
			urls = append(urls, u)
		}
		for _, u := range urls {
			got := FromResponse(disposition, u, contentType)
			assertSafeName(t, rawURL, got)
			assertInsideDir(t, got)
			assertSafeName(t, rawURL, FromURL(u))
		}
	})
}
