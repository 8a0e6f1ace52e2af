// Command server serves one workload of the Haul benchmark on 127.0.0.1.
//
// It writes into -dir the URL list wN.urls, the expected sha256 of every
// file wN.sha256 (sha256sum format) and, once ready, wN.control: the base
// URL of a loopback control endpoint (see controlHandler) through which
// scripts/bench.sh resets the server between runs and reads its counters.
// The URLs stay the same for the life of the process. It runs until
// interrupted or terminated.
//
// Usage:
//
//	go run ./bench/server -workload N -dir DIR
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	id := flag.Int("workload", 0, fmt.Sprintf("workload to serve, 1 to %d", len(workloads)))
	dir := flag.String("dir", ".", "folder for the URL list, the sha256 manifest and the control address")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *id, *dir); err != nil {
		fmt.Fprintln(os.Stderr, "bench server:", err)
		os.Exit(1)
	}
}

// run serves workload id until ctx ends.
func run(ctx context.Context, id int, dir string) error {
	w, ok := workloadByID(id)
	if !ok {
		return fmt.Errorf("there is no workload %d: pick 1 to %d", id, len(workloads))
	}
	b := newBench(w)
	defer b.close()
	paths := pathsIn(dir, id)
	if err := writeLists(paths, b); err != nil {
		return err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("listen for control requests on 127.0.0.1: %w", err)
	}
	srv := &http.Server{Handler: controlHandler(b)}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	err = writeControl(paths.control, "http://"+l.Addr().String())
	if err == nil {
		select {
		case <-ctx.Done():
		case err = <-served:
		}
	}
	_ = srv.Close()
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}

// writeControl publishes the control endpoint's base URL.
func writeControl(path, url string) error {
	return writeAtomic(path, func(w *bufio.Writer) { fmt.Fprintln(w, url) })
}
