//go:build linux

// Command durable is the least a Go client does to save small files the way
// Haul promises: each body is received whole, written into a file without a
// name (O_TMPFILE), flushed with its group (one syncfs for many files), then
// linked under its name without replacing anything, and the folder entries
// are flushed too. It keeps no queue, picks no names, retries nothing and
// checks nothing: it is the floor a durable downloader stands on, for the
// benchmark to compare Haul and curl with (scripts/bench.sh, TOOLS=durable).
//
// Usage:
//
//	durable -o DIR -c 32 LIST
//
// LIST holds one URL per line; each file is saved under the last part of
// its URL's path. Bodies are held in memory, so this is for small files.
package main

import (
	"bufio"
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"

	"golang.org/x/sync/errgroup"
	"golang.org/x/sys/unix"
)

// writers is how many goroutines write bodies into unnamed files.
const writers = 2

// body is one received file on its way to the disk.
type body struct {
	name string
	data []byte
}

// written is a file without a name that waits for its group's flush.
type written struct {
	fd   int
	name string
}

func main() {
	out := flag.String("o", ".", "folder to save the files in")
	concurrency := flag.Int("c", 32, "downloads at once")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: durable -o DIR -c N LIST")
		os.Exit(2)
	}
	urls, err := readList(flag.Arg(0))
	if err == nil {
		err = run(context.Background(), urls, *out, *concurrency)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "durable:", err)
		os.Exit(1)
	}
}

// readList reads one URL per line.
func readList(name string) ([]string, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("read the list: %w", err)
	}
	defer f.Close()
	var urls []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if sc.Text() != "" {
			urls = append(urls, sc.Text())
		}
	}
	return urls, sc.Err()
}

// run fetches every URL with c at once, writes the bodies with a few
// writers and links them group by group.
func run(ctx context.Context, urls []string, dir string, c int) error {
	tr := &http.Transport{MaxIdleConnsPerHost: c, DisableCompression: true}
	client := &http.Client{Transport: tr}
	next := make(chan string)
	bodies := make(chan body, c)
	files := make(chan written, 256)

	fetch, fctx := errgroup.WithContext(ctx)
	fetch.Go(func() error {
		defer close(next)
		for _, u := range urls {
			select {
			case next <- u:
			case <-fctx.Done():
				return nil
			}
		}
		return nil
	})
	for range c {
		fetch.Go(func() error { return fetchAll(fctx, client, next, bodies) })
	}
	write := errgroup.Group{}
	for range writers {
		write.Go(func() error { return writeAll(dir, bodies, files) })
	}
	linked := make(chan error, 1)
	go func() { linked <- linkAll(dir, files) }()

	err := fetch.Wait()
	close(bodies)
	werr := write.Wait()
	close(files)
	return cmp.Or(err, werr, <-linked)
}

// fetchAll receives every URL from next whole and hands its body on.
func fetchAll(ctx context.Context, client *http.Client, next <-chan string, bodies chan<- body) error {
	for u := range next {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
		if err != nil {
			return fmt.Errorf("%s: %w", u, err)
		}
		resp, err := client.Do(req)
		if err != nil {
			return fmt.Errorf("%s: %w", u, err)
		}
		data, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		switch {
		case err != nil:
			return fmt.Errorf("%s: %w", u, err)
		case resp.StatusCode != http.StatusOK:
			return fmt.Errorf("%s: %s", u, resp.Status)
		}
		bodies <- body{name: path.Base(req.URL.Path), data: data}
	}
	return nil
}

// writeAll writes each body into a new file without a name in dir. It
// takes every body, even after a failure, so that no fetcher waits for it.
func writeAll(dir string, bodies <-chan body, files chan<- written) error {
	var failed error
	for b := range bodies {
		fd, err := writeUnnamed(dir, b)
		if err != nil {
			failed = cmp.Or(failed, err)
			continue
		}
		files <- written{fd: fd, name: b.name}
	}
	return failed
}

// writeUnnamed writes one body into a new file without a name in dir.
func writeUnnamed(dir string, b body) (int, error) {
	fd, err := unix.Open(dir, unix.O_WRONLY|unix.O_TMPFILE|unix.O_CLOEXEC, 0o644)
	if err != nil {
		return -1, fmt.Errorf("make a file for %s: %w", b.name, err)
	}
	if _, err := unix.Write(fd, b.data); err != nil {
		unix.Close(fd)
		return -1, fmt.Errorf("write %s: %w", b.name, err)
	}
	return fd, nil
}

// linkAll takes the written files a group at a time (all that are ready):
// one flush for their bytes, a link for each, one flush for the links.
func linkAll(dir string, files <-chan written) error {
	var failed error
	for f := range files {
		group := []written{f}
	more:
		for {
			select {
			case g, ok := <-files:
				if !ok {
					break more
				}
				group = append(group, g)
			default:
				break more
			}
		}
		failed = cmp.Or(failed, linkGroup(dir, group))
	}
	return failed
}

// linkGroup makes one group's files durable under their names and closes them.
func linkGroup(dir string, group []written) error {
	defer func() {
		for _, f := range group {
			unix.Close(f.fd)
		}
	}()
	if err := unix.Syncfs(group[0].fd); err != nil {
		return fmt.Errorf("flush: %w", err)
	}
	for _, f := range group {
		from := "/proc/self/fd/" + strconv.Itoa(f.fd)
		if err := unix.Linkat(unix.AT_FDCWD, from, unix.AT_FDCWD, filepath.Join(dir, f.name), unix.AT_SYMLINK_FOLLOW); err != nil {
			return fmt.Errorf("name %s: %w", f.name, err)
		}
	}
	if err := unix.Syncfs(group[0].fd); err != nil {
		return fmt.Errorf("flush: %w", err)
	}
	return nil
}
