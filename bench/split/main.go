// Command split measures how Haul fetches one large file over several
// connections, against aria2c on the same loopback server in the same run
// (see docs/BENCHMARKS.md, "Large files"):
//
//  1. one 32 MiB file from a server that holds each connection to 4 MB/s:
//     haul get against aria2c -x8 -s8, as it is and with 1 MiB pieces
//     (-k1M), byte for byte;
//  2. the same from a server that allows 2 connections at once and answers
//     503 beyond: byte for byte, and how many requests it refused;
//  3. haul get killed (SIGKILL) halfway through the file, then run again:
//     byte for byte, and the bytes the server sent over both runs;
//  4. a server whose file changes after the first answer (a new ETag):
//     the new version saved whole, never spliced;
//  5. 1,000 files of 20 KB with 50 ms latency, 16 at once: haul get with
//     splitting on (automatic) and off (-split 1).
//
// Usage:
//
//	split -haul bin/haul [-runs 3] [-tmp DIR]
//
// It prints one Markdown table of medians.
package main

import (
	"cmp"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"haul/downloader/downloadtest"
)

const (
	bigSize    = 32 << 20
	perConn    = 4_000_000
	smallFiles = 1000
	smallSize  = 20_000
)

func main() {
	haul := flag.String("haul", "bin/haul", "the haul binary to measure")
	runs := flag.Int("runs", 3, "runs of each measure; the table shows medians")
	tmp := flag.String("tmp", os.TempDir(), "where the output folders go")
	flag.Parse()
	work, err := os.MkdirTemp(*tmp, "haul-split.")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(work)
	b := &bench{haul: *haul, work: work}
	rows := []row{}
	for _, measure := range []func() row{b.speed, b.aria2cDefault, b.aria2cSplit, b.twoConnections, b.killed, b.changed, b.smallOn, b.smallOff} {
		var results []row
		for range *runs {
			results = append(results, measure())
		}
		rows = append(rows, median(results))
	}
	print(rows, *runs)
}

// bench runs the measures, each on a server of its own.
type bench struct {
	haul, work string
	n          int
}

// row is one measure's result.
type row struct {
	name, tool string
	wall       time.Duration
	correct    bool
	sent       int64 // bytes the server sent
	requests   int
	refused    int
	note       string
}

// out is a new empty folder for one run.
func (b *bench) out() string {
	b.n++
	dir := filepath.Join(b.work, fmt.Sprint(b.n))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fail(err)
	}
	return dir
}

// haulGet runs haul get on links into dir, and how long it took.
func (b *bench) haulGet(dir string, args ...string) time.Duration {
	start := time.Now()
	cmd := b.haulCmd(dir, args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "haul get: %v: %s\n", err, out)
	}
	return time.Since(start)
}

func (b *bench) haulCmd(dir string, args ...string) *exec.Cmd {
	all := append([]string{"get", "-q", "-o", dir, "-state", dir + ".state", "-c", "16"}, args...)
	return exec.Command(b.haul, all...)
}

// bigServer serves the 32 MiB file, each connection held to 4 MB/s.
func bigServer(opts ...downloadtest.Option) (*downloadtest.Server, []byte) {
	srv := downloadtest.New()
	body := downloadtest.Data(bigSize, 8)
	srv.Handle("/big.bin", body, append([]downloadtest.Option{downloadtest.Throttle(perConn)}, opts...)...)
	return srv, body
}

// same says the file at path holds want, byte for byte.
func same(path string, want []byte) bool {
	got, err := os.ReadFile(path)
	return err == nil && sha256.Sum256(got) == sha256.Sum256(want)
}

func (b *bench) speed() row {
	srv, body := bigServer()
	defer srv.Close()
	dir := b.out()
	wall := b.haulGet(dir, srv.URL("/big.bin"))
	return row{name: "32 MiB, 4 MB/s per connection", tool: "haul", wall: wall, correct: same(filepath.Join(dir, "big.bin"), body),
		sent: srv.BytesSent(), requests: srv.Hits("/big.bin")}
}

// aria2c runs aria2c -x8 -s8 with args on the 32 MiB file.
func (b *bench) aria2c(args ...string) row {
	srv, body := bigServer()
	defer srv.Close()
	dir := b.out()
	start := time.Now()
	all := append([]string{"-x8", "-s8"}, args...)
	cmd := exec.Command("aria2c", append(all, "--dir", dir, "--console-log-level=warn", "--summary-interval=0",
		"--download-result=hide", srv.URL("/big.bin"))...)
	if out, err := cmd.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "aria2c: %v: %s\n", err, out)
	}
	return row{name: "32 MiB, 4 MB/s per connection", tool: strings.Join(append([]string{"aria2c"}, all...), " "),
		wall: time.Since(start), correct: same(filepath.Join(dir, "big.bin"), body), sent: srv.BytesSent(),
		requests: srv.Hits("/big.bin")}
}

// aria2cSplit is aria2c -x8 -s8 with pieces of 1 MiB, below its default
// least piece of 20 MiB, which leaves a 32 MiB file on one connection.
func (b *bench) aria2cSplit() row { return b.aria2c("-k1M") }

func (b *bench) aria2cDefault() row { return b.aria2c() }

func (b *bench) twoConnections() row {
	srv, body := bigServer(downloadtest.MaxConnections(2))
	defer srv.Close()
	dir := b.out()
	wall := b.haulGet(dir, srv.URL("/big.bin"))
	return row{name: "the same, 2 connections allowed, 503 beyond", tool: "haul", wall: wall,
		correct: same(filepath.Join(dir, "big.bin"), body), sent: srv.BytesSent(), requests: srv.Hits("/big.bin"),
		refused: srv.Refused("/big.bin")}
}

// killed kills haul get with SIGKILL once the server has sent half the
// file, then runs it again on the same folder and state.
func (b *bench) killed() row {
	srv, body := bigServer()
	defer srv.Close()
	dir := b.out()
	start := time.Now()
	cmd := b.haulCmd(dir, srv.URL("/big.bin"))
	if err := cmd.Start(); err != nil {
		fail(err)
	}
	for srv.BytesSent() < bigSize/2 && time.Since(start) < time.Minute {
		time.Sleep(time.Millisecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	atKill := srv.BytesSent()
	b.haulGet(dir, srv.URL("/big.bin"))
	sent := srv.BytesSent()
	return row{name: "killed (SIGKILL) halfway, then run again", tool: "haul", wall: time.Since(start),
		correct: same(filepath.Join(dir, "big.bin"), body), sent: sent, requests: srv.Hits("/big.bin"),
		note: fmt.Sprintf("%.1f MiB sent before the kill", float64(atKill)/(1<<20))}
}

func (b *bench) changed() row {
	next := downloadtest.Data(bigSize, 9)
	srv, _ := bigServer(downloadtest.ChangeAfter(1, next))
	defer srv.Close()
	dir := b.out()
	wall := b.haulGet(dir, srv.URL("/big.bin"))
	return row{name: "the file changes after the first answer (new ETag)", tool: "haul", wall: wall,
		correct: same(filepath.Join(dir, "big.bin"), next), sent: srv.BytesSent(), requests: srv.Hits("/big.bin"),
		note: "correct: the new version whole"}
}

// small runs haul get on 1,000 files of 20 KB with 50 ms latency.
func (b *bench) small(args ...string) (time.Duration, bool, int) {
	srv := downloadtest.New()
	defer srv.Close()
	var links []string
	bodies := map[string][]byte{}
	for i := range smallFiles {
		name := fmt.Sprintf("f%04d.bin", i)
		bodies[name] = downloadtest.Data(smallSize, int64(100+i))
		srv.Handle("/"+name, bodies[name], downloadtest.Latency(50*time.Millisecond))
		links = append(links, srv.URL("/"+name))
	}
	dir := b.out()
	list := dir + ".urls"
	if err := os.WriteFile(list, []byte(strings.Join(links, "\n")+"\n"), 0o644); err != nil {
		fail(err)
	}
	wall := b.haulGet(dir, append(args, list)...)
	ok := true
	requests := 0
	for name, body := range bodies {
		ok = ok && same(filepath.Join(dir, name), body)
		requests += srv.Hits("/" + name)
	}
	return wall, ok, requests
}

func (b *bench) smallOn() row {
	wall, ok, requests := b.small()
	return row{name: "1,000 × 20 KB, 50 ms latency, c16", tool: "haul (automatic)", wall: wall, correct: ok, requests: requests}
}

func (b *bench) smallOff() row {
	wall, ok, requests := b.small("-split", "1")
	return row{name: "1,000 × 20 KB, 50 ms latency, c16", tool: "haul -split 1", wall: wall, correct: ok, requests: requests}
}

// median is the run of median wall time; correct only when every run was.
func median(rs []row) row {
	all := true
	for _, r := range rs {
		all = all && r.correct
	}
	slices.SortFunc(rs, func(a, b row) int { return cmp.Compare(a.wall, b.wall) })
	m := rs[len(rs)/2]
	m.correct = all
	return m
}

func print(rows []row, runs int) {
	fmt.Printf("Large files, %d runs each, medians.\n\n", runs)
	fmt.Println("| measure | tool | wall s | byte-exact | MiB sent | requests | refused | notes |")
	fmt.Println("|---|---|---:|---|---:|---:|---:|---|")
	for _, r := range rows {
		fmt.Printf("| %s | %s | %.2f | %s | %.1f | %d | %d | %s |\n", r.name, r.tool, r.wall.Seconds(), yes(r.correct),
			float64(r.sent)/(1<<20), r.requests, r.refused, r.note)
	}
}

func yes(ok bool) string {
	if ok {
		return "yes"
	}
	return "**no**"
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "split bench:", err)
	os.Exit(1)
}
