package cli

import (
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/downloader/queue"
	"haul/i18n"
)

func TestThousandLinksWithRetriesAndCutBodies(t *testing.T) {
	s := newServer(t)
	bodies, list := batch(t, s, 1000, 8<<10, func(i int) []downloadtest.Option {
		switch i % 5 {
		case 0:
			return []downloadtest.Option{downloadtest.FailFirst(2, 503, "1")}
		case 1:
			return []downloadtest.Option{downloadtest.CutBody(3000, 1)}
		}
		return nil
	})
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(t.Context(), "", "-o", out, "-c", "32", list)
	t.Logf("summary:\n%s", r.stdout)
	if r.code != exitOK {
		t.Fatalf("exit code %d, want 0; stdout:\n%s", r.code, r.stdout)
	}
	checkFiles(t, out, bodies)
	if !strings.HasPrefix(r.stdout, "Saved 1000 · skipped 0 · failed 0 · canceled 0 · 8.2 MB in ") {
		t.Errorf("summary does not count 1000 saved files:\n%s", r.stdout)
	}
	if n := countLines(r.stderr, "saved f"); n != 1000 {
		t.Errorf("%d lines saying saved, want one per file", n)
	}
	if s.Hits("/f0000.bin") != 3 || s.Hits("/f0001.bin") != 2 || s.Hits("/f0002.bin") != 1 {
		t.Errorf("hits %d, %d, %d; want 3 (two 503s), 2 (one cut) and 1", s.Hits("/f0000.bin"), s.Hits("/f0001.bin"), s.Hits("/f0002.bin"))
	}
}

func TestBodyCutOnEveryAttemptFromTheStartIsResumed(t *testing.T) {
	s := newServer(t)
	bodies, list := batch(t, s, 10, 64<<10, func(int) []downloadtest.Option {
		return []downloadtest.Option{downloadtest.CutBody(10_000, -1)}
	})
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(t.Context(), "", "-o", out, list)
	if r.code != exitOK {
		t.Fatalf("exit code %d, want 0; stdout:\n%s", r.code, r.stdout)
	}
	checkFiles(t, out, bodies)
	for name := range bodies {
		reqs := s.Requests("/" + name)
		if len(reqs) != 2 || reqs[1].Header.Get("Range") != "bytes=10000-" {
			t.Errorf("%s: %d requests; want a cut one and one resuming from byte 10000", name, len(reqs))
		}
	}
}

func TestBrokenLinksFailOnceEach(t *testing.T) {
	s := newServer(t)
	good := downloadtest.Picture(5000, 1)
	s.Handle("/good.jpg", good)
	var lines []string
	for i := range 3 {
		lines = append(lines, s.URL(fmt.Sprintf("/missing-%d.jpg", i)))
	}
	list := writeList(t, s.URL("/good.jpg")+"\n"+strings.Join(lines, "\n"))
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(t.Context(), "", "-o", out, list)
	if r.code != exitFailed {
		t.Fatalf("exit code %d, want 1; stdout:\n%s", r.code, r.stdout)
	}
	checkFiles(t, out, map[string][]byte{"good.jpg": good})
	if !strings.HasPrefix(r.stdout, "Saved 1 · skipped 0 · failed 3 · canceled 0 · 5.0 kB in ") {
		t.Errorf("summary:\n%s", r.stdout)
	}
	for i, link := range lines {
		if hits := s.Hits(fmt.Sprintf("/missing-%d.jpg", i)); hits != 1 {
			t.Errorf("%s requested %d times, want once", link, hits)
		}
		want := link + ": Not found (404): the link is broken or the file was removed."
		if !strings.Contains(r.stdout, "\n  "+want+"\n") {
			t.Errorf("summary has no line %q:\n%s", want, r.stdout)
		}
		if !strings.Contains(r.stderr, "failed "+want+"\n") {
			t.Errorf("log has no line %q:\n%s", "failed "+want, r.stderr)
		}
	}
}

func TestSummaryListsAtMostTwentyFailures(t *testing.T) {
	s := newServer(t)
	var b strings.Builder
	for i := range 25 {
		fmt.Fprintln(&b, s.URL(fmt.Sprintf("/gone-%d", i)))
	}
	list := writeList(t, b.String())
	for _, tt := range []struct{ report, want string }{
		{"", "  … and 5 more; add -report FILE.csv to list them all\n"},
		{filepath.Join(t.TempDir(), "r.csv"), "  … and 5 more; see the report "},
	} {
		args := []string{"-q", "-o", t.TempDir(), list}
		if tt.report != "" {
			args = append([]string{"-report", tt.report}, args...)
		}
		r := runGet(t.Context(), "", args...)
		if r.code != exitFailed || strings.Count(r.stdout, ": Not found (404)") != maxFailureLines || !strings.Contains(r.stdout, tt.want) {
			t.Errorf("exit %d, summary:\n%s", r.code, r.stdout)
		}
		if r.stderr != "" {
			t.Errorf("-q should print nothing on stderr, got:\n%s", r.stderr)
		}
	}
}

func TestRerunSkipsFilesAlreadySaved(t *testing.T) {
	s := newServer(t)
	bodies, list := batch(t, s, 20, 4000, func(int) []downloadtest.Option { return nil })
	out := filepath.Join(t.TempDir(), "out")
	if r := runGet(t.Context(), "", "-o", out, list); r.code != exitOK {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stdout)
	}
	r := runGet(t.Context(), "", "-o", out, list)
	if r.code != exitOK {
		t.Fatalf("second run: exit %d\n%s", r.code, r.stdout)
	}
	checkFiles(t, out, bodies)
	if !strings.HasPrefix(r.stdout, "Saved 0 · skipped 20 · failed 0 · canceled 0 · ") {
		t.Errorf("summary:\n%s", r.stdout)
	}
	for name := range bodies {
		if hits := s.Hits("/" + name); hits != 1 {
			t.Errorf("%s requested %d times; the second run should remember it was saved", name, hits)
		}
	}
}

// TestRerunDownloadsDeletedFilesAgain: a file saved by an earlier run and
// deleted since is downloaded again.
func TestRerunDownloadsDeletedFilesAgain(t *testing.T) {
	s := newServer(t)
	bodies, list := batch(t, s, 3, 4000, func(int) []downloadtest.Option { return nil })
	out := filepath.Join(t.TempDir(), "out")
	if r := runGet(t.Context(), "", "-o", out, list); r.code != exitOK {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stdout)
	}
	if err := os.RemoveAll(out); err != nil {
		t.Fatal(err)
	}
	r := runGet(t.Context(), "", "-o", out, list)
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "Saved 3 · skipped 0 · ") {
		t.Errorf("second run: exit %d\n%s", r.code, r.stdout)
	}
	checkFiles(t, out, bodies)
}

// TestRerunWithoutStateSkipsExistingFiles: with -state off, the files of an
// earlier run are still never downloaded twice: the skip policy sees them.
func TestRerunWithoutStateSkipsExistingFiles(t *testing.T) {
	s := newServer(t)
	bodies, list := batch(t, s, 5, 4000, func(int) []downloadtest.Option { return nil })
	out := filepath.Join(t.TempDir(), "out")
	if r := runGet(t.Context(), "", "-state", "off", "-o", out, list); r.code != exitOK {
		t.Fatalf("first run: exit %d\n%s", r.code, r.stdout)
	}
	r := runGet(t.Context(), "", "-state", "off", "-o", out, list)
	checkFiles(t, out, bodies)
	if r.code != exitOK || !strings.HasPrefix(r.stdout, "Saved 0 · skipped 5 · ") {
		t.Errorf("second run: exit %d\n%s", r.code, r.stdout)
	}
	want := "skipped " + s.URL("/f0003.bin") + ": Already in the folder: f0003.bin\n"
	if !strings.Contains(r.stderr, want) {
		t.Errorf("log has no line %q:\n%s", want, r.stderr)
	}
}

func TestReportHasOneRowPerLink(t *testing.T) {
	s := newServer(t)
	s.Handle("/a.jpg", downloadtest.Picture(3000, 1))
	s.Handle("/b, \"quoted\".jpg", downloadtest.Picture(3000, 2))
	links := []string{s.URL("/a.jpg"), s.URL("/b, \"quoted\".jpg"), s.URL("/missing.jpg")}
	report := filepath.Join(t.TempDir(), "report.csv")
	r := runGet(t.Context(), "", append([]string{"-q", "-report-machine", "-o", t.TempDir(), "-report", report}, links...)...)
	if r.code != exitFailed {
		t.Fatalf("exit %d, want 1\n%s", r.code, r.stdout)
	}
	f, err := os.Open(report)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("report is not valid CSV: %v", err)
	}
	if len(rows) != len(links)+1 || !slices.Equal(rows[0], downloader.ReportHeader) {
		t.Fatalf("report has %d rows starting with %v; want a header and %d rows", len(rows), rows[0], len(links))
	}
	states := map[string]string{}
	for _, row := range rows[1:] {
		states[row[0]] = row[1]
	}
	want := map[string]string{links[0]: "done", links[1]: "done", links[2]: "failed"}
	for link, state := range want {
		if states[link] != state {
			t.Errorf("report says %s is %q, want %q", link, states[link], state)
		}
	}
}

func TestReportWithByteOrderMark(t *testing.T) {
	s := newServer(t)
	s.Handle("/café.jpg", downloadtest.Picture(3000, 1))
	report := filepath.Join(t.TempDir(), "report.csv")
	if r := runGet(t.Context(), "", "-q", "-report-bom", "-o", t.TempDir(), "-report", report, s.URL("/café.jpg")); r.code != exitOK {
		t.Fatalf("exit %d\n%s", r.code, r.stdout)
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	body, found := strings.CutPrefix(string(data), "\uFEFF")
	if !found {
		t.Fatal("no byte-order mark")
	}
	rows, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil || len(rows) != 2 || !strings.HasSuffix(rows[1][2], "café.jpg") {
		t.Errorf("rows %q, %v", rows, err)
	}
}

func TestRejectedLinesAndDuplicatesAreReported(t *testing.T) {
	s := newServer(t)
	s.Handle("/a.jpg", downloadtest.Picture(100, 1))
	list := writeList(t, strings.Join([]string{
		s.URL("/a.jpg"),
		"ftp://example.com/y.jpg",
		s.URL("/a.jpg"),
		"just some words",
	}, "\n"))
	r := runGet(t.Context(), s.URL("/a.jpg")+"\n", "-o", t.TempDir(), list, "-")
	if r.code != exitOK {
		t.Fatalf("exit %d\n%s%s", r.code, r.stderr, r.stdout)
	}
	for _, want := range []string{
		list + ":2: ftp://example.com/y.jpg: only http and https links can be downloaded\n",
		list + ":4: just some words: no link found on this line\n",
		"2 repeats of links already listed were left out; each link is downloaded once.\n",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
		}
	}
	if s.Hits("/a.jpg") != 1 {
		t.Errorf("a.jpg requested %d times, want once", s.Hits("/a.jpg"))
	}
}

func TestLinksOnTheCommandLineAndStandardInput(t *testing.T) {
	s := newServer(t)
	a, b := downloadtest.Picture(1000, 1), downloadtest.Picture(2000, 2)
	s.Handle("/a.jpg", a)
	s.Handle("/b.jpg", b)
	out := filepath.Join(t.TempDir(), "out")
	stdin := "see " + s.URL("/b.jpg") + " and ftp://example.com/c.jpg\n"
	r := runGet(t.Context(), stdin, "-o", out, s.URL("/a.jpg"), "-", "mailto://someone")
	if r.code != exitOK {
		t.Fatalf("exit %d\n%s%s", r.code, r.stderr, r.stdout)
	}
	checkFiles(t, out, map[string][]byte{"a.jpg": a, "b.jpg": b})
	for _, want := range []string{
		"standard input:1: ftp://example.com/c.jpg: only http and https links can be downloaded\n",
		"command line:1: mailto://someone: only http and https links can be downloaded\n",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
		}
	}
}

func TestOutputFolderThatCannotBeCreated(t *testing.T) {
	file := writeList(t, "not a folder")
	r := runGet(context.Background(), "", "-o", filepath.Join(file, "sub"), "http://127.0.0.1:9/a.jpg")
	if r.code != exitFailed || !strings.Contains(r.stderr, "cannot use the folder") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
}

// countLines counts the lines of text that start with prefix.
func countLines(text, prefix string) int {
	n := 0
	for line := range strings.Lines(text) {
		if strings.HasPrefix(line, prefix) {
			n++
		}
	}
	return n
}

// TestReportThatCannotBeWrittenAtTheEnd: a report that cannot be written
// when the run ends (its folder went away meanwhile) is said in words,
// naming the report, not as the system's error text.
func TestReportThatCannotBeWrittenAtTheEnd(t *testing.T) {
	report := filepath.Join(t.TempDir(), "gone", "report.csv")
	err := writeReportFile(report, nil, i18n.ReportOptions(tr(), false, false))
	if err == nil || err.Error() != "cannot write the report "+report+": "+report+": it is not there" {
		t.Errorf("error %v", err)
	}
}

func TestStoppedBeforeStarting(t *testing.T) {
	s := newServer(t)
	s.Handle("/a.jpg", downloadtest.Picture(100, 1), downloadtest.Latency(time.Minute))
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	tests := []struct{ policy, want string }{
		{"skip", stoppedMessage()},
		{"rename", stoppedRedownloadMessage()},
		{"overwrite", stoppedRedownloadMessage()},
	}
	for _, tt := range tests {
		r := runGet(ctx, "", "-q", "-o", t.TempDir(), "-on-exists", tt.policy, s.URL("/a.jpg"))
		want := "Saved 0 · skipped 0 · failed 0 · canceled 0 · 1 left · 0 B in "
		if r.code != exitInterrupted || !strings.HasPrefix(r.stdout, want) || !strings.HasSuffix(r.stdout, "\n"+tt.want+"\n") {
			t.Errorf("-on-exists %s: exit %d, stdout:\n%s", tt.policy, r.code, r.stdout)
		}
	}
}

// TestSecondRunIntoTheSameFolderIsRefused: two runs into one folder would
// share one resume state; the second says what to do instead.
func TestSecondRunIntoTheSameFolderIsRefused(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	path, err := defaultStatePath(out)
	if err != nil {
		t.Fatal(err)
	}
	held, _, _, err := queue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	r := runGet(t.Context(), "", "-o", out, "https://example.com/a.jpg")
	if r.code != exitFailed || !strings.Contains(r.stderr, "another haul get is already downloading into "+out) {
		t.Errorf("exit %d\n%s", r.code, r.stderr)
	}
}
