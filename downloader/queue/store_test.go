package queue

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader"
	"haul/downloader/itemstate"
	"haul/downloader/record"
)

func rec(i int, state string) record.Record {
	return record.Record{URL: fmt.Sprintf("https://example.com/%d.jpg", i), Name: fmt.Sprintf("%d.jpg", i), State: state, ETag: `"e"`, Total: int64(i)}
}

func TestRoundTripKeepsLatestAndOrder(t *testing.T) {
	path := filepath.Join(tempDir(t), "queue.jsonl")
	s, recs, problem, err := Open(path)
	if err != nil || problem != nil || len(recs) != 0 {
		t.Fatalf("open empty: %v %v %v", recs, problem, err)
	}
	if err := s.Write([]record.Record{rec(1, "queued"), rec(2, "queued"), rec(3, "queued")}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.Write([]record.Record{rec(2, "done")}, []string{rec(3, "").URL}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, recs, problem, err = Open(path)
	if err == nil {
		defer s.Close()
	}
	if err != nil || problem != nil {
		t.Fatal(problem, err)
	}
	if len(recs) != 2 || recs[0].URL != rec(1, "").URL || recs[1].State != "done" {
		t.Fatalf("records %+v", recs)
	}
}

// TestDamagedFiles: a damaged file never stops Open; it is kept aside and
// the user gets one line; a torn last line (a crash mid-write) loses only itself.
func TestDamagedFiles(t *testing.T) {
	good := `{"haul":"queue","version":1}` + "\n" + `{"url":"https://a/1.jpg","state":"done"}` + "\n"
	tests := []struct {
		name      string
		content   string
		wantRecs  int
		wantAside bool
	}{
		{"empty", "", 0, true},
		{"garbage", "\x00\x01not json at all\n", 0, true},
		{"wrong header", `{"something":"else"}` + "\n", 0, true},
		{"torn last line", good + `{"url":"https://a/2.jp`, 1, false},
		{"bad middle line", `{"haul":"queue","version":1}` + "\n" + "{oops\n" + `{"url":"https://a/1.jpg","state":"done"}` + "\n", 1, true},
		{"truncated header", `{"haul":"qu`, 0, true},
		{"good", good, 1, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := tempDir(t)
			path := filepath.Join(dir, "queue.jsonl")
			if err := os.WriteFile(path, []byte(tc.content), 0o600); err != nil {
				t.Fatal(err)
			}
			s, recs, problem, err := Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if len(recs) != tc.wantRecs {
				t.Errorf("records %d, want %d", len(recs), tc.wantRecs)
			}
			if (problem != nil) != tc.wantAside {
				t.Fatalf("problem = %+v", problem)
			}
			if problem != nil {
				kept, err := os.ReadFile(problem.MovedTo)
				if err != nil || string(kept) != tc.content {
					t.Errorf("damaged file not kept intact: %v", err)
				}
				if problem.Recovered != len(recs) {
					t.Errorf("problem says %d items recovered, %d were read", problem.Recovered, len(recs))
				}
			}
			if err := s.Write([]record.Record{rec(9, "queued")}, nil); err != nil {
				t.Fatalf("cannot save after recovery: %v", err)
			}
		})
	}
}

func TestSecondOpenIsRefusedUntilClosed(t *testing.T) {
	path := filepath.Join(tempDir(t), "queue.jsonl")
	first, _, _, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, _, err := Open(path); !errors.Is(err, ErrInUse) {
		t.Fatalf("second open: %v, want ErrInUse", err)
	}
	first.Close()
	second, _, _, err := Open(path)
	if err != nil {
		t.Fatalf("open after close: %v", err)
	}
	second.Close()
}

func TestCompactionBoundsTheFile(t *testing.T) {
	path := filepath.Join(tempDir(t), "queue.jsonl")
	s, _, _, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for range 3000 {
		if err := s.Write([]record.Record{rec(1, "active")}, nil); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	data, _ := os.ReadFile(path)
	if n := strings.Count(string(data), "\n"); n > 1100 {
		t.Errorf("journal has %d lines for one item", n)
	}
	again, recs, problem, err := Open(path)
	if err == nil {
		defer again.Close()
	}
	if err != nil || problem != nil || len(recs) != 1 {
		t.Fatalf("%v %v %v", recs, problem, err)
	}
}

func BenchmarkRestore100k(b *testing.B) {
	path := filepath.Join(tempDir(b), "queue.jsonl")
	s, _, _, err := Open(path)
	if err != nil {
		b.Fatal(err)
	}
	recs := make([]record.Record, 100_000)
	for i := range recs {
		recs[i] = rec(i, "done")
		recs[i].Dir = "/home/user/Pictures/Haul"
		recs[i].LastModified = "Mon, 30 Nov 2026 08:00:00 GMT"
	}
	if err := s.Write(recs, nil); err != nil {
		b.Fatal(err)
	}
	s.Close()
	b.ResetTimer()
	for b.Loop() {
		s, got, _, err := Open(path)
		if err != nil || len(got) != len(recs) {
			b.Fatal(err)
		}
		m := downloader.New(downloader.Options{Dir: tempDir(b)})
		m.Saved().Restore(got)
		s.Close()
	}
}

// TestTornLastLineIsWrittenOver checks that the line written after a torn
// one is read back: the torn bytes are cut off, not joined to it.
func TestTornLastLineIsWrittenOver(t *testing.T) {
	path := filepath.Join(tempDir(t), "queue.jsonl")
	good := `{"haul":"queue","version":1}` + "\n" + `{"url":"https://a/1.jpg","state":"done"}` + "\n"
	if err := os.WriteFile(path, []byte(good+`{"url":"https://a/2.jp`), 0o600); err != nil {
		t.Fatal(err)
	}
	s, recs, problem, err := Open(path)
	if err != nil || problem != nil || len(recs) != 1 {
		t.Fatalf("open: %v %+v %v", recs, problem, err)
	}
	if err := s.Write([]record.Record{rec(9, "queued")}, nil); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, recs, problem, err = Open(path)
	if err == nil {
		defer s.Close()
	}
	if err != nil || problem != nil {
		t.Fatalf("reopen: %+v %v", problem, err)
	}
	if len(recs) != 2 || recs[1].URL != rec(9, "").URL {
		t.Fatalf("records %+v", recs)
	}
}

// TestCompactionKeepsLatestLinesInOrder updates, removes and adds items
// until the journal is rewritten, and checks what a new Open reads.
func TestCompactionKeepsLatestLinesInOrder(t *testing.T) {
	path := filepath.Join(tempDir(t), "queue.jsonl")
	s, _, _, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	write := func(changed []record.Record, removed ...string) {
		t.Helper()
		if err := s.Write(changed, removed); err != nil {
			t.Fatal(err)
		}
	}
	write([]record.Record{rec(1, "queued"), rec(2, "queued"), rec(3, "queued"), rec(4, "queued")})
	write(nil, rec(3, "").URL)
	for i := range 1500 {
		r := rec(2, "active")
		r.Attempts = i
		write([]record.Record{r})
	}
	write([]record.Record{rec(4, "done"), rec(3, "queued")})
	write(nil, rec(1, "").URL)
	s.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), "\n"); n > 1100 {
		t.Errorf("journal has %d lines for 3 items: it was never rewritten", n)
	}
	again, recs, problem, err := Open(path)
	if err == nil {
		defer again.Close()
	}
	if err != nil || problem != nil {
		t.Fatalf("reopen: %+v %v", problem, err)
	}
	want := []struct {
		url, state string
		attempts   int
	}{{rec(2, "").URL, "active", 1499}, {rec(4, "").URL, "done", 0}, {rec(3, "").URL, "queued", 0}}
	if len(recs) != len(want) {
		t.Fatalf("records %+v", recs)
	}
	for i, w := range want {
		if recs[i].URL != w.url || recs[i].State != w.state || recs[i].Attempts != w.attempts {
			t.Errorf("record %d: %s %s %d, want %+v", i, recs[i].URL, recs[i].State, recs[i].Attempts, w)
		}
	}
}

// TestRecordsComeBackWhole writes a record with every field set and reads it back.
func TestRecordsComeBackWhole(t *testing.T) {
	path := filepath.Join(tempDir(t), "queue.jsonl")
	s, _, _, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	full := record.Record{URL: "https://example.com/a?b=1&c=<2>", Dir: "/pics", Name: "a.jpg", State: "done",
		OwnsPart: true, ETag: `"x"`, LastModified: "Mon, 30 Nov 2026 08:00:00 GMT", Total: 12, Attempts: 2, Status: 200,
		Failure: &itemstate.ItemError{Kind: itemstate.ErrServer, Status: 503}, Note: itemstate.Note{Kind: itemstate.NoteSavedEarlier, Name: "a.jpg"},
		Referer: "https://example.com/", FromPage: true, Subdir: "page", Pattern: "{n}", MIME: "image/jpeg", IsImage: true,
		Width: 3, Height: 4, SHA256: "ab"}
	if err := s.Write([]record.Record{full}, nil); err != nil {
		t.Fatal(err)
	}
	s.Close()
	again, recs, _, err := Open(path)
	if err == nil {
		defer again.Close()
	}
	if err != nil || len(recs) != 1 {
		t.Fatalf("%v %v", recs, err)
	}
	got := recs[0]
	if *got.Failure != *full.Failure {
		t.Errorf("failure %+v, want %+v", got.Failure, full.Failure)
	}
	got.Failure = full.Failure
	if got != full {
		t.Errorf("read back\n%+v\nwant\n%+v", got, full)
	}
}

// TestOpenLazyReadsRecordsOneAtATime checks that Each gives the records
// of Open, in the same order, and stops when asked.
func TestOpenLazyReadsRecordsOneAtATime(t *testing.T) {
	path := filepath.Join(tempDir(t), "queue.jsonl")
	s, _, _, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Write([]record.Record{rec(1, "done"), rec(2, "queued"), rec(3, "failed")}, []string{rec(2, "").URL}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	lazy, problem, err := OpenLazy(path)
	if err != nil || problem != nil {
		t.Fatalf("open: %+v %v", problem, err)
	}
	defer lazy.Close()
	var got []string
	if err := lazy.Each(func(r record.Record) bool {
		got = append(got, r.URL+" "+r.State)
		return true
	}); err != nil {
		t.Fatal(err)
	}
	want := []string{rec(1, "").URL + " done", rec(3, "").URL + " failed"}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("records %v, want %v", got, want)
	}
	calls := 0
	if err := lazy.Each(func(record.Record) bool { calls++; return false }); err != nil || calls != 1 {
		t.Errorf("Each went on after false: %d calls, %v", calls, err)
	}
}
