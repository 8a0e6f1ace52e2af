package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// newTestBench serves w and closes it when the test ends.
func newTestBench(t *testing.T, w workload) *bench {
	t.Helper()
	b := newBench(w)
	t.Cleanup(b.close)
	return b
}

// status fetches url and returns the status code, reading the whole body.
func status(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("get %s: %v", url, err)
	}
	defer resp.Body.Close()
	if _, err := io.Copy(io.Discard, resp.Body); err != nil {
		t.Fatalf("read %s: %v", url, err)
	}
	return resp.StatusCode
}

func TestResetServesTheFaultsAfresh(t *testing.T) {
	b := newTestBench(t, workload{id: 90, files: 10, size: 1000, concurrency: 2,
		faults: everyFifth(downloadtest.FailFirst(2, http.StatusServiceUnavailable, "1"))})
	tests := []struct {
		file  int
		codes []int
	}{
		{0, []int{503, 503, 200}},
		{1, []int{200}},
		{5, []int{503, 503, 200, 200}},
	}
	for round := range 2 {
		b.reset()
		requests := 0
		for _, tt := range tests {
			for n, want := range tt.codes {
				if got := status(t, b.srv.URL(b.w.path(tt.file))); got != want {
					t.Errorf("round %d, file %d, request %d: status %d, want %d", round, tt.file, n+1, got, want)
				}
				requests++
			}
		}
		if st := b.stats(); st.Requests != requests || st.Bytes <= 0 || st.Refused != 0 {
			t.Errorf("round %d: stats %+v, want %d requests, some bytes, none refused", round, st, requests)
		}
	}
}

func TestStrictWorkloadRefusesTheTwentyFirstRequestInASecond(t *testing.T) {
	b := newTestBench(t, workload{id: 91, files: 3, size: 100, concurrency: 1, gate: &strictLimits})
	start := time.Now()
	codes := map[int]int{}
	for n := range strictRate + 1 {
		codes[status(t, b.srv.URL(b.w.path(n%3)))]++
	}
	if time.Since(start) >= strictWindow {
		t.Skip("the requests took longer than the strict host's window")
	}
	if codes[200] != strictRate || codes[429] != 1 {
		t.Errorf("answers %v, want %d × 200 and 1 × 429", codes, strictRate)
	}
	if st := b.stats(); st.Refused != 1 || st.Requests != strictRate+1 {
		t.Errorf("stats %+v, want 1 refused of %d requests", st, strictRate+1)
	}
	b.reset()
	if st := b.stats(); st.Refused != 0 || st.Requests != 0 {
		t.Errorf("after reset, stats %+v, want zero", st)
	}
}

func TestWriteListsMatchesTheServedFiles(t *testing.T) {
	b := newTestBench(t, workload{id: 92, files: 12, size: 3000, concurrency: 2})
	p := pathsIn(t.TempDir(), b.w.id)
	if err := writeLists(p, b); err != nil {
		t.Fatal(err)
	}
	urls := readLines(t, p.urls)
	sums := readLines(t, p.manifest)
	if len(urls) != b.w.files || len(sums) != b.w.files {
		t.Fatalf("%d URLs and %d sums, want %d of each", len(urls), len(sums), b.w.files)
	}
	for i, u := range urls {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		sum := sha256.Sum256(body)
		name := u[strings.LastIndex(u, "/")+1:]
		if want := hex.EncodeToString(sum[:]) + "  " + name; sums[i] != want {
			t.Errorf("manifest line %d = %q, want %q", i+1, sums[i], want)
		}
	}
}

// readLines returns the lines of the file at path.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return lines
}

func TestControlEndpoints(t *testing.T) {
	analytic := newTestBench(t, workload{id: 93, title: "three small files", files: 3, size: 10, concurrency: 2, floor: 1500 * time.Millisecond})
	measured := newTestBench(t, workload{id: 94, files: 3, size: 10, concurrency: 2})
	tests := []struct {
		name, method, path string
		b                  *bench
		code               int
		body               string
	}{
		{"info", http.MethodGet, "/info", analytic, 200, "title=three small files\nfiles=3\nconcurrency=2\n"},
		{"analytic floor", http.MethodGet, "/floor", analytic, 200, "floor=1.500 kind=analytic\n"},
		{"measured floor", http.MethodGet, "/floor", measured, 200, "kind=measured\n"},
		{"reset", http.MethodPost, "/reset", analytic, 204, ""},
		{"stats after reset", http.MethodGet, "/stats", analytic, 200, "requests=0 bytes=0 peak="},
		{"reset needs POST", http.MethodGet, "/reset", analytic, 405, ""},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		controlHandler(tt.b).ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
		if rec.Code != tt.code || !strings.Contains(rec.Body.String(), tt.body) {
			t.Errorf("%s: %d %q, want %d containing %q", tt.name, rec.Code, rec.Body.String(), tt.code, tt.body)
		}
	}
}

func TestWorkloadsMatchTheBenchmark(t *testing.T) {
	tests := []struct {
		id, files, size, concurrency int
		floor                        time.Duration
		firstName, lastName          string
	}{
		{1, 1000, 20_000, 16, 3125 * time.Millisecond, "f000.bin", "f999.bin"},
		{2, 8, 64 << 20, 4, 0, "f0.bin", "f7.bin"},
		{3, 200, 20_000, 16, 2 * time.Second, "f000.bin", "f199.bin"},
		{4, 200, 200_000, 16, 0, "f000.bin", "f199.bin"},
		{5, 10_000, 2_000, 32, 0, "f0000.bin", "f9999.bin"},
		{6, 200, 20_000, 8, 10 * time.Second, "f000.bin", "f199.bin"},
		{7, 100_000, 200, 32, 0, "f00000.bin", "f99999.bin"},
		{8, 200, 20_000, 16, 2500 * time.Millisecond, "f000.bin", "f199.bin"},
		{9, 200, 20_000, 16, 2500 * time.Millisecond, "f000.bin", "f199.bin"},
		{10, 200, 20_000, 16, 10 * time.Second, "f000.bin", "f199.bin"},
		{11, 200, 20_000, 16, 625 * time.Millisecond, "f000.bin", "f199.bin"},
		{12, 20, 20_000, 16, 5 * time.Second, "f00.bin", "f19.bin"},
	}
	for _, tt := range tests {
		w, ok := workloadByID(tt.id)
		if !ok {
			t.Fatalf("workload %d missing", tt.id)
		}
		got := fmt.Sprint(w.files, w.size, w.concurrency, w.floor, w.fileName(0), w.fileName(w.files-1))
		want := fmt.Sprint(tt.files, tt.size, tt.concurrency, tt.floor, tt.firstName, tt.lastName)
		if got != want {
			t.Errorf("workload %d: %s, want %s", tt.id, got, want)
		}
	}
	if _, ok := workloadByID(13); ok {
		t.Error("workloadByID(13) found a workload")
	}
}
