package downloader

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
	"haul/downloader/links"
	"haul/downloader/naming"
	"haul/downloader/network"
)

// TestFaults covers one file per fault: the item's final state, how often
// the server was asked, and the bytes on disk.
func TestFaults(t *testing.T) {
	body := downloadtest.Data(200<<10, 1)
	changed := downloadtest.Data(180<<10, 2)
	sameSize := downloadtest.Data(200<<10, 3)
	tests := []struct {
		name     string
		opts     []downloadtest.Option
		want     State
		wantBody []byte
		hits     int // exact request count; 0 = don't check
		minHits  int
		kind     ErrorKind
	}{
		{name: "plain", want: Done, wantBody: body, hits: 1},
		{name: "503 twice then ok", opts: []downloadtest.Option{downloadtest.FailFirst(2, 503, "0")}, want: Done, wantBody: body, hits: 3},
		{name: "429 then ok", opts: []downloadtest.Option{downloadtest.FailFirst(1, 429, "")}, want: Done, wantBody: body, hits: 2},
		{name: "500 forever", opts: []downloadtest.Option{downloadtest.Status(500)}, want: Failed, hits: 6, kind: ErrHTTP},
		{name: "404 once", opts: []downloadtest.Option{downloadtest.Status(404)}, want: Failed, hits: 1, kind: ErrHTTP},
		{name: "400 after its tries", opts: []downloadtest.Option{downloadtest.Status(400)}, want: Failed, hits: 6, kind: ErrHTTP},
		{name: "403 from a site that gave nothing: once", opts: []downloadtest.Option{downloadtest.Status(403)}, want: Failed, hits: 1, kind: ErrHTTP},
		{name: "410 once", opts: []downloadtest.Option{downloadtest.Status(410)}, want: Failed, hits: 1, kind: ErrHTTP},
		{name: "cut once", opts: []downloadtest.Option{downloadtest.CutBody(50<<10, 1)}, want: Done, wantBody: body, hits: 2},
		{name: "cut always from 0", opts: []downloadtest.Option{downloadtest.CutBody(50<<10, -1)}, want: Done, wantBody: body, hits: 2},
		{name: "no content length", opts: []downloadtest.Option{downloadtest.NoContentLength()}, want: Done, wantBody: body, hits: 1},
		{name: "ignores range", opts: []downloadtest.Option{downloadtest.IgnoreRange(), downloadtest.CutBody(50<<10, 1)}, want: Done, wantBody: body, hits: 2},
		{name: "validator changed", opts: []downloadtest.Option{downloadtest.CutBody(50<<10, 1), downloadtest.ChangeAfter(1, changed)}, want: Done, wantBody: changed, hits: 2},
		{name: "no validators", opts: []downloadtest.Option{downloadtest.NoValidators(), downloadtest.CutBody(50<<10, 1)}, want: Done, wantBody: body, hits: 2},
		{name: "no validators, changed after a cut", opts: []downloadtest.Option{downloadtest.NoValidators(), downloadtest.CutBody(50<<10, 1), downloadtest.ChangeAfter(1, sameSize)}, want: Done, wantBody: sameSize, hits: 2},
		{name: "stall after headers", opts: []downloadtest.Option{downloadtest.StallAfterHeaders(10<<10, 1)}, want: Done, wantBody: body, hits: 2},
		{name: "slow first byte once", opts: []downloadtest.Option{downloadtest.SlowFirstByte(0)}, want: Done, wantBody: body, hits: 1},
		{name: "throttled body", opts: []downloadtest.Option{downloadtest.Throttle(2 << 20)}, want: Done, wantBody: body, hits: 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := newServer(t)
			srv.Handle("/file.bin", body, tc.opts...)
			dir := t.TempDir()
			m := New(testOptions(dir))
			ids := addAll(t, m, srv.URL("/file.bin"))
			sum := runAll(t, m)
			it := mustItem(t, m, ids[0])
			if it.State != tc.want {
				t.Fatalf("state = %v (%v), want %v", it.State, it.Err, tc.want)
			}
			if sum.Total != 1 || sum.Finished() != 1 {
				t.Errorf("summary %+v does not add up", sum)
			}
			hits := srv.Hits("/file.bin")
			if tc.hits > 0 && hits != tc.hits {
				t.Errorf("server was asked %d times, want %d", hits, tc.hits)
			}
			if tc.want == Failed {
				if it.Err == nil || it.Err.Kind != tc.kind || it.Err.Reason == "" {
					t.Errorf("error = %#v, want kind %v with a reason", it.Err, tc.kind)
				}
				if files := allFiles(t, dir); len(files) != 0 {
					t.Errorf("failed download left files %v", files)
				}
				return
			}
			if fileSum(t, filepath.Join(dir, "file.bin")) != sum256(tc.wantBody) {
				t.Error("saved bytes differ from the server's")
			}
			if parts := partFiles(t, dir); len(parts) != 0 {
				t.Errorf("left part files %v", parts)
			}
		})
	}
}

// TestResumeSendsRangeAndIfRange checks that the second attempt after a cut
// continues where the first stopped, guarded by the validator.
func TestResumeSendsRangeAndIfRange(t *testing.T) {
	body := downloadtest.Picture(300<<10, 3)
	srv := newServer(t)
	srv.Handle("/a.jpg", body, downloadtest.CutBody(100<<10, -1))
	dir := t.TempDir()
	m := New(testOptions(dir))
	addAll(t, m, srv.URL("/a.jpg"))
	runAll(t, m)
	reqs := srv.Requests("/a.jpg")
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	if got := reqs[1].Header.Get("Range"); got != "bytes=102400-" {
		t.Errorf("resume Range = %q", got)
	}
	if reqs[1].Header.Get("If-Range") == "" {
		t.Error("resume sent no If-Range")
	}
	if fileSum(t, filepath.Join(dir, "a.jpg")) != sum256(body) {
		t.Error("resumed file differs")
	}
	if sent := srv.BytesSent(); sent > int64(len(body))+1024 {
		t.Errorf("server sent %d bytes for a %d-byte file", sent, len(body))
	}
}

func TestRedirects(t *testing.T) {
	body := downloadtest.PictureNamed("real.png", 10<<10, 4)
	srv := newServer(t)
	srv.Handle("/real.png", body)
	srv.Handle("/hop2", nil, downloadtest.Redirect("/real.png", http.StatusFound))
	srv.Handle("/hop1", nil, downloadtest.Redirect("/hop2", http.StatusMovedPermanently))
	srv.Handle("/loop", nil, downloadtest.Redirect("/loop", http.StatusFound))
	dir := t.TempDir()
	m := New(testOptions(dir))
	ids := addAll(t, m, srv.URL("/hop1"), srv.URL("/loop"))
	runAll(t, m)
	chain, loop := mustItem(t, m, ids[0]), mustItem(t, m, ids[1])
	if chain.State != Done || fileSum(t, chain.Path) != sum256(body) {
		t.Errorf("redirect chain: %v %v", chain.State, chain.Err)
	}
	if loop.State != Failed || loop.Err.Kind != ErrRedirect || loop.Err.Reason != ReasonRedirectLoop {
		t.Errorf("loop: %v %#v", loop.State, loop.Err)
	}
	if hits := srv.Hits("/loop"); hits > network.MaxRedirects+1 {
		t.Errorf("loop requested %d times", hits)
	}
}

// TestHostileNames serves names that try to escape the folder or break
// file systems; everything must land inside the folder with a safe name.
func TestHostileNames(t *testing.T) {
	tests := []struct{ disposition, want string }{
		{`attachment; filename="../../x"`, "x"},
		{`attachment; filename="a<b>:|?*.jpg"`, "a_b_____.jpg"},
		{`attachment; filename="CON.jpg"`, "CON_.jpg"},
		{`attachment; filename*=UTF-8''%E2%82%AC%20rates.jpg`, "€ rates.jpg"},
		{`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, "passwd"},
		{`attachment; filename="` + strings.Repeat("n", 300) + `.jpg"`, ""},
	}
	srv := newServer(t)
	outer := t.TempDir()
	dir := filepath.Join(outer, "out")
	m := New(testOptions(dir))
	var urls []string
	for i, tc := range tests {
		p := "/f" + string(rune('a'+i))
		body := downloadtest.Data(100, int64(i))
		if strings.HasSuffix(strings.TrimSuffix(tc.disposition, `"`), ".jpg") {
			body = downloadtest.Picture(100, int64(i)) // a picture's name holds a picture
		}
		srv.Handle(p, body, downloadtest.Header("Content-Disposition", tc.disposition))
		urls = append(urls, srv.URL(p))
	}
	ids := addAll(t, m, urls...)
	runAll(t, m)
	for i, tc := range tests {
		it := mustItem(t, m, ids[i])
		if it.State != Done {
			t.Errorf("%s: %v %v", tc.disposition, it.State, it.Err)
			continue
		}
		if filepath.Dir(it.Path) != dir {
			t.Errorf("%s: saved outside the folder: %s", tc.disposition, it.Path)
		}
		if tc.want != "" && it.Name != tc.want {
			t.Errorf("%s: name %q, want %q", tc.disposition, it.Name, tc.want)
		}
		if len(it.Name) > 255 {
			t.Errorf("name of %d bytes", len(it.Name))
		}
	}
	for _, f := range allFiles(t, outer) {
		if filepath.Dir(f) != "out" {
			t.Errorf("file written outside the output folder: %s", f)
		}
	}
}

func TestExistingFilePolicy(t *testing.T) {
	body := downloadtest.Picture(1000, 5)
	old := []byte("the user's own file")
	tests := []struct {
		policy    ExistsPolicy
		state     State
		keepsOld  bool
		savedName string
	}{
		{SkipExisting, Skipped, true, ""},
		{KeepBoth, Done, true, "cat (2).jpg"},
		{Overwrite, Done, false, "cat.jpg"},
	}
	for _, tc := range tests {
		t.Run(tc.policy.String(), func(t *testing.T) {
			srv := newServer(t)
			srv.Handle("/cat.jpg", body)
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "cat.jpg"), old, 0o644); err != nil {
				t.Fatal(err)
			}
			o := testOptions(dir)
			o.OnExists = tc.policy
			m := New(o)
			ids := addAll(t, m, srv.URL("/cat.jpg"))
			runAll(t, m)
			it := mustItem(t, m, ids[0])
			if it.State != tc.state {
				t.Fatalf("state %v, want %v", it.State, tc.state)
			}
			kept := fileSum(t, filepath.Join(dir, "cat.jpg")) == sum256(old)
			if kept != tc.keepsOld {
				t.Errorf("old file kept = %v, want %v", kept, tc.keepsOld)
			}
			if tc.savedName != "" {
				if it.Name != tc.savedName || fileSum(t, filepath.Join(dir, tc.savedName)) != sum256(body) {
					t.Errorf("saved as %q", it.Name)
				}
			}
		})
	}
}

// TestSameNameTwice keeps both downloads when two links' file names are
// one name to some file system: the same name, names that differ only in
// letter case (Windows, macOS) or in Unicode form (macOS). Whichever link
// answers second gets the numbered name.
func TestSameNameTwice(t *testing.T) {
	tests := []struct{ name, a, b string }{
		{"same name", "photo.jpg", "photo.jpg"},
		{"letter case", "Photo.jpg", "photo.jpg"},
		{"Unicode form", "Cafe\u0301.jpg", "Caf\u00e9.jpg"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, b := downloadtest.Picture(500, 6), downloadtest.Picture(600, 7)
			srv := newServer(t)
			srv.Handle("/x/"+tc.a, a)
			srv.Handle("/y/"+tc.b, b)
			dir := t.TempDir()
			m := New(testOptions(dir))
			addAll(t, m, srv.URL("/x/"+tc.a), srv.URL("/y/"+tc.b))
			if s := runAll(t, m); s.Done != 2 {
				t.Fatalf("summary %+v", s)
			}
			entries, err := os.ReadDir(dir)
			if err != nil || len(entries) != 2 {
				t.Fatalf("folder holds %v (%v), want 2 files", entries, err)
			}
			saved := map[[32]byte]string{}
			for _, e := range entries {
				saved[fileSum(t, filepath.Join(dir, e.Name()))] = e.Name()
			}
			nameA, nameB := saved[sum256(a)], saved[sum256(b)]
			okA := nameA == tc.a || nameA == naming.Numbered(tc.a, 2)
			okB := nameB == tc.b || nameB == naming.Numbered(tc.b, 2)
			if !okA || !okB || nameA == tc.a && nameB == tc.b {
				t.Errorf("saved as %q and %q, want %q and %q with one of them numbered", nameA, nameB, tc.a, tc.b)
			}
		})
	}
}

func TestAddRejects(t *testing.T) {
	m := New(testOptions(t.TempDir()))
	ids, rejected := m.Add("https://example.com/a.jpg", "ftp://example.com/b.jpg", "https://example.com/a.jpg", "not a link", "https:///nohost", "https://example.com/a.jpg#frag")
	if len(ids) != 1 {
		t.Fatalf("queued %d, want 1", len(ids))
	}
	want := []links.Reason{links.ReasonScheme, links.ReasonDuplicate, links.ReasonScheme, links.ReasonNoHost, links.ReasonDuplicate}
	if len(rejected) != len(want) {
		t.Fatalf("rejected %+v", rejected)
	}
	for i, r := range rejected {
		if r.Reason != want[i] {
			t.Errorf("%q rejected for %q, want %q", r.URL, r.Reason, want[i])
		}
	}
}
