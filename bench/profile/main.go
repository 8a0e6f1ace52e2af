// Command profile runs "haul get" in-process under the Go profiler, so the
// benchmark's hotspots can be read with go tool pprof.
//
// Usage:
//
//	go build -o bin/haul-profile ./bench/profile
//	bin/haul-profile -cpu cpu.prof -heap heap.prof -heap-peak peak.prof -trace trace.out -- [haul get flags] LIST...
//	go tool pprof -top bin/haul-profile cpu.prof
//	go tool trace -pprof=sync trace.out > sync.prof   (where goroutines waited)
//
// Everything after -- is passed to "haul get" unchanged.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"time"

	"haul/cli"
)

func main() {
	cpuPath := flag.String("cpu", "", "write a CPU profile to this file")
	heapPath := flag.String("heap", "", "write a heap profile, taken when the downloads end, to this file")
	peakPath := flag.String("heap-peak", "", "write a heap profile, taken when the live heap was largest, to this file")
	tracePath := flag.String("trace", "", "write an execution trace to this file")
	flag.Parse()
	stopTrace := func() {}
	if *tracePath != "" {
		stop, err := startTrace(*tracePath)
		if err != nil {
			fmt.Fprintln(os.Stderr, "haul-profile:", err)
			os.Exit(1)
		}
		stopTrace = stop
	}
	code, err := profile(*cpuPath, *heapPath, *peakPath, flag.Args())
	stopTrace()
	if err != nil {
		fmt.Fprintln(os.Stderr, "haul-profile:", err)
		os.Exit(1)
	}
	os.Exit(code)
}

// profile runs "haul get" with args while the CPU profile and the peak heap
// are recording, then writes the heap profile, and returns the exit code of
// "haul get".
func profile(cpuPath, heapPath, peakPath string, args []string) (int, error) {
	if cpuPath != "" {
		f, err := os.Create(cpuPath)
		if err != nil {
			return 0, fmt.Errorf("create the CPU profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return 0, fmt.Errorf("start the CPU profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	var peak *peakHeap
	if peakPath != "" {
		peak = watchPeakHeap(peakPath, 100*time.Millisecond)
	}
	code := cli.Get(context.Background(), args, os.Stdin, os.Stdout, os.Stderr)
	if peak != nil {
		if err := peak.end(); err != nil {
			return code, err
		}
	}
	if heapPath != "" {
		if err := writeHeap(heapPath); err != nil {
			return code, err
		}
	}
	return code, nil
}

// writeHeap writes a heap profile after a garbage collection.
func writeHeap(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create the heap profile: %w", err)
	}
	runtime.GC()
	err = pprof.WriteHeapProfile(f)
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err != nil {
		return fmt.Errorf("write the heap profile: %w", err)
	}
	return nil
}

// startTrace starts the execution tracer writing to path; the returned
// function stops it and closes the file.
func startTrace(path string) (func(), error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("create the trace: %w", err)
	}
	if err := trace.Start(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("start the trace: %w", err)
	}
	return func() {
		trace.Stop()
		f.Close()
	}, nil
}
