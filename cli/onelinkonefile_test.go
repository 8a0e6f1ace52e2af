package cli

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

// TestNewLinkIsNotSkippedForAnotherLinksFile: on a later run with the same
// queue, a new link whose file name another link's saved file has is
// downloaded under the next free name, not skipped as already in the
// folder; links through a redirector, and links that differ only in their
// query, each get a file of their own; and the first link, run again,
// still finds its own file.
func TestNewLinkIsNotSkippedForAnotherLinksFile(t *testing.T) {
	bodies := map[string][]byte{}
	mux := http.NewServeMux()
	for i, p := range []string{"/a/image.bin", "/b/image.bin", "/img/x1.bin", "/img/x2.bin"} {
		bodies[p] = downloadtest.Data(2000+i, int64(i))
		mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) { w.Write(bodies[p]) })
	}
	mux.HandleFunc("/redir", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
	})
	mux.HandleFunc("/download", func(w http.ResponseWriter, r *http.Request) {
		w.Write(downloadtest.Data(1000, int64(len(r.URL.Query().Get("id")))))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	out, state := filepath.Join(t.TempDir(), "out"), filepath.Join(t.TempDir(), "queue.jsonl")
	runs := []struct {
		links string
		saved string
	}{
		{"/a/image.bin\n/redir?to=/img/x1.bin\n/download?id=1\n", "Saved 3 · skipped 0 · failed 0"},
		{"/b/image.bin\n/redir?to=/img/x2.bin\n/download?id=22\n", "Saved 3 · skipped 0 · failed 0"},
		{"/a/image.bin\n", "Saved 0 · skipped 1 · failed 0"},
	}
	for i, run := range runs {
		list := writeList(t, prefixLinks(srv.URL, run.links))
		r := runGet(t.Context(), "", "-o", out, "-state", state, list)
		if r.code != exitOK || !strings.HasPrefix(r.stdout, run.saved) {
			t.Fatalf("run %d: exit %d, want %q\n%s%s", i+1, r.code, run.saved, r.stdout, r.stderr)
		}
	}
	checkFiles(t, out, map[string][]byte{
		"image.bin": bodies["/a/image.bin"], "image (2).bin": bodies["/b/image.bin"],
		"x1.bin": bodies["/img/x1.bin"], "x2.bin": bodies["/img/x2.bin"],
		"download": downloadtest.Data(1000, 1), "download (2)": downloadtest.Data(1000, 2),
	})
}

// prefixLinks puts base before each line of paths.
func prefixLinks(base, paths string) string {
	var b strings.Builder
	for _, p := range strings.Fields(paths) {
		b.WriteString(base + p + "\n")
	}
	return b.String()
}
