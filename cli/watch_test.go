package cli

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"haul/downloader/archive"
	"haul/downloader/clock/clocktest"
	"haul/downloader/downloadtest"
	"haul/downloader/watch"
)

// runWatch calls Watch with args and collects its output.
func runWatch(ctx context.Context, args ...string) result {
	var stdout, stderr bytes.Buffer
	code := Watch(ctx, args, &stdout, &stderr)
	return result{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// growingGallery is a page on s that shows n pictures, more when grown.
type growingGallery struct {
	s *downloadtest.Server
	n int
}

// grow puts n pictures on the page.
func (g *growingGallery) grow(n int) {
	var html strings.Builder
	html.WriteString("<html><body>")
	for i := range n {
		name := fmt.Sprintf("/gallery/p%02d.jpg", i)
		g.s.Handle(name, downloadtest.Picture(2000+i, int64(100+i)), downloadtest.Header("Content-Type", "image/jpeg"))
		fmt.Fprintf(&html, `<a href="%s">picture %d</a>`, name, i)
	}
	html.WriteString("</body></html>")
	g.s.Handle("/gallery", []byte(html.String()), downloadtest.Header("Content-Type", "text/html"))
	g.n = n
}

// fetched is how many requests the page's pictures got.
func (g *growingGallery) fetched() int {
	n := 0
	for i := range g.n {
		n += g.s.Hits(fmt.Sprintf("/gallery/p%02d.jpg", i))
	}
	return n
}

// TestWatchedGallerySavesOnlyWhatIsNew: haul watch add puts a page on the
// shared list; checked at start (by the clock moved by hand) it saves its
// 10 pictures; 3 added to the page, the check hours later saves exactly
// those 3; a saved picture deleted from the folder is not fetched again;
// forgotten in the archive, it is fetched at the next check. haul watch
// checks every page once and says what was new.
func TestWatchedGallerySavesOnlyWhatIsNew(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	s := newServer(t)
	g := &growingGallery{s: s}
	g.grow(10)
	dir := filepath.Join(t.TempDir(), "out")
	if r := runWatch(t.Context(), "add", s.URL("/gallery"), "-o", dir, "-every", "2"); r.code != exitOK || !strings.Contains(r.stdout, "Watching") {
		t.Fatalf("add: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	path, _ := watch.DefaultPath()
	base, _ := archive.DefaultBase()
	folders := archive.NewFolders(base)
	defer folders.Close()
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	results := make(chan watch.Result, 10)
	// Each check is a haul watch of its own, as a system scheduler runs it:
	// one engine for the run's pages, the folder's archive for what came before.
	check := func(ctx context.Context, p watch.Page) watch.Result {
		return newPageChecker(network{}, folders, os.Stderr).check(ctx, p)
	}
	w := watch.NewWatcher(watch.Open(path), clock, check)
	w.Checked = func(_ watch.Page, r watch.Result) { results <- r }
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { w.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()

	steps := []struct {
		name    string
		before  func()
		fetched int
		saved   int
	}{
		{"first check", func() {}, 10, 10},
		{"3 added", func() { g.grow(13) }, 3, 3},
		{"one deleted", func() { os.Remove(filepath.Join(dir, "p04.jpg")) }, 0, 0},
		{"one forgotten", func() { folders.Forget(dir, s.URL("/gallery/p04.jpg")) }, 1, 1},
	}
	for i, st := range steps {
		st.before()
		before := g.fetched()
		if i > 0 {
			clock.Advance(2 * time.Hour)
		}
		r := <-results
		<-clock.Waiting // the round is over
		if got := g.fetched() - before; got != st.fetched || r.New != st.saved || r.Failed != 0 || r.Problem != "" {
			t.Errorf("%s: %d pictures fetched, result %+v; want %d fetched and %d new", st.name, got, r, st.fetched, st.saved)
		}
	}
	if files := savedFiles(t, dir); len(files) != 13 {
		t.Errorf("the folder holds %d files, want 13: %v", len(files), files)
	}
	g.grow(14)
	r := runWatch(t.Context())
	if r.code != exitOK || !strings.Contains(r.stdout, "1 new picture from "+s.URL("/gallery")) {
		t.Errorf("haul watch: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runWatch(t.Context(), "list")
	if r.code != exitOK || !strings.Contains(r.stdout, ": 1 new picture") || !strings.Contains(r.stdout, dir) {
		t.Errorf("haul watch list: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestWatchCommandLine: the words and exit codes of haul watch's commands.
func TestWatchCommandLine(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	s := newServer(t)
	s.Handle("/gone", nil, downloadtest.FailFirst(100, 404, ""))
	dir := t.TempDir()
	cases := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"nothing watched", nil, exitOK, "No page is watched"},
		{"list of none", []string{"list"}, exitOK, "No page is watched"},
		{"no address", []string{"add"}, exitUsage, "give one page address"},
		{"not an address", []string{"add", "gallery"}, exitUsage, "is not a web address"},
		{"bad hours", []string{"add", s.URL("/gone"), "-every", "0"}, exitUsage, "-every 0"},
		{"add", []string{"add", s.URL("/gone"), "-o", dir}, exitOK, "Watching " + s.URL("/gone")},
		{"add again", []string{"add", "-o", dir, s.URL("/gone"), "-every", "1"}, exitOK, "Still watching"},
		{"page gone", nil, exitFailed, "cannot be read"},
		{"list", []string{"list"}, exitOK, "every 1 h"},
		{"unknown word", []string{"check"}, exitUsage, "not a command of haul watch"},
		{"remove", []string{"remove", s.URL("/gone")}, exitOK, "No longer watching"},
		{"remove again", []string{"remove", s.URL("/gone")}, exitFailed, "is not watched"},
	}
	for _, c := range cases {
		r := runWatch(t.Context(), c.args...)
		if r.code != c.code || !strings.Contains(r.stdout+r.stderr, c.out) {
			t.Errorf("%s: exit %d, want %d with %q\n%s%s", c.name, r.code, c.code, c.out, r.stdout, r.stderr)
		}
	}
}

// TestAWatchedFolderWhoseArchiveIsDamagedGetsNothingBack: the user deleted
// the pictures a watched page brought; the folder's archive is then
// damaged. haul watch must not bring the deleted pictures back: it says
// which archive cannot be read and exits 1, fetching nothing. Once the
// archive is moved aside, the next check starts a new one.
func TestAWatchedFolderWhoseArchiveIsDamagedGetsNothingBack(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	s := newServer(t)
	g := &growingGallery{s: s}
	g.grow(20)
	dir := filepath.Join(t.TempDir(), "out")
	if r := runWatch(t.Context(), "add", s.URL("/gallery"), "-o", dir); r.code != exitOK {
		t.Fatalf("add: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := runWatch(t.Context()); r.code != exitOK || !strings.Contains(r.stdout, "20 new pictures") {
		t.Fatalf("first check: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, f := range savedFiles(t, dir) {
		os.Remove(filepath.Join(dir, f)) // the user threw them away
	}
	base, _ := archive.DefaultBase()
	path, _ := archive.PathFor(base, dir)
	for _, suffix := range []string{"-wal", "-shm"} {
		os.Remove(path + suffix)
	}
	if err := os.WriteFile(path, bytes.Repeat([]byte("damaged "), 512), 0o600); err != nil {
		t.Fatal(err)
	}
	before := g.fetched()
	r := runWatch(t.Context())
	if r.code != exitFailed || !strings.Contains(r.stderr, path) || strings.Contains(r.stdout, "new picture") {
		t.Errorf("check with a damaged archive: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if got := g.fetched() - before; got != 0 || len(savedFiles(t, dir)) != 0 {
		t.Errorf("%d pictures fetched again, %d saved again; want none", got, len(savedFiles(t, dir)))
	}
	if err := os.Rename(path, path+".broken"); err != nil {
		t.Fatal(err)
	}
	if r := runWatch(t.Context()); r.code != exitOK || !strings.Contains(r.stdout, "20 new pictures") {
		t.Errorf("check after the archive was moved aside: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestWatchKeepsChecksAQuarterOfAnHourApart: -every takes hours, and a
// watched page is a site's: a check more often than every quarter of an
// hour is refused.
func TestWatchKeepsChecksAQuarterOfAnHourApart(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	dir := t.TempDir()
	cases := []struct {
		every string
		code  int
		out   string
	}{
		{"0.0000001", exitUsage, "at least 0.25"},
		{"0.2", exitUsage, "at least 0.25"},
		{"NaN", exitUsage, "at least 0.25"},
		{"-1", exitUsage, "at least 0.25"},
		{"0.25", exitOK, "checked every 0.25 h"},
	}
	for _, c := range cases {
		r := runWatch(t.Context(), "add", "http://127.0.0.1:9/page", "-o", dir, "-every", c.every)
		if r.code != c.code || !strings.Contains(r.stdout+r.stderr, c.out) {
			t.Errorf("-every %s: exit %d, want %d with %q\n%s%s", c.every, r.code, c.code, c.out, r.stdout, r.stderr)
		}
	}
}

// TestAWatchedPageTooLongToReadSaysItWasCut: a watched page of a gigabyte
// is read as far as Haul reads a page; the check saves the pictures found
// there, says the page was cut and exits 1, and haul watch list says so.
func TestAWatchedPageTooLongToReadSaysItWasCut(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	picture := downloadtest.Picture(2001, 300)
	mux := http.NewServeMux()
	mux.HandleFunc("/first.jpg", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "image/jpeg")
		w.Write(picture)
	})
	mux.HandleFunc("/huge", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Content-Length", fmt.Sprint(1<<30))
		io.WriteString(w, `<html><body><img src="/first.jpg">`)
		filler := bytes.Repeat([]byte(" "), 64<<10)
		for range (1 << 30) / len(filler) { // until the reader hangs up
			if _, err := w.Write(filler); err != nil {
				return
			}
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	dir := t.TempDir()
	if r := runWatch(t.Context(), "add", srv.URL+"/huge", "-o", dir); r.code != exitOK {
		t.Fatalf("add: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r := runWatch(t.Context())
	if r.code != exitFailed || !strings.Contains(r.stderr, "longer than 32 MiB") || !strings.Contains(r.stdout, "1 new picture") {
		t.Errorf("check: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	checkFiles(t, dir, map[string][]byte{"first.jpg": picture})
	if r := runWatch(t.Context(), "list"); !strings.Contains(r.stdout, "longer than 32 MiB") {
		t.Errorf("list: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestAWatchedListThatCannotBeWrittenIsSaid: haul watch checks each page
// once even when the list cannot record the checks, then says why and
// exits 1.
func TestAWatchedListThatCannotBeWrittenIsSaid(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	s := newServer(t)
	g := &growingGallery{s: s}
	g.grow(3)
	dir := filepath.Join(t.TempDir(), "out")
	if r := runWatch(t.Context(), "add", s.URL("/gallery"), "-o", dir); r.code != exitOK {
		t.Fatalf("add: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	path, _ := watch.DefaultPath()
	if err := os.Mkdir(path+".new", 0o700); err != nil { // the new list cannot be written
		t.Fatal(err)
	}
	r := runWatch(t.Context())
	if r.code != exitFailed || !strings.Contains(r.stdout, "3 new pictures") || !strings.Contains(r.stderr, "watched pages") {
		t.Errorf("check: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if got := s.Hits("/gallery"); got != 1 {
		t.Errorf("the page was read %d times, want once", got)
	}
}
