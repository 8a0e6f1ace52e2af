// Command window opens Haul's real window for scripts/bench-gui.sh: the
// same window as "haul FILE…", recorded by the Go profiler, with a probe
// that writes, every 20 ms, how old the totals on screen are.
//
// Usage:
//
//	go build -o bin/haul-window ./bench/window
//	bin/haul-window -cpu cpu.prof -timeline timeline.tsv -pprof 127.0.0.1:0 LIST...
//
// Each timeline line is: seconds since start, the age of the totals on
// screen in milliseconds (how long ago the engine was read for them), and
// the counts they show: saved, left, running (1 or 0). SIGTERM closes the
// window and writes the files. With -pprof the Go profiler's HTTP endpoints
// (net/http/pprof) serve heap profiles of the running window; the address
// is printed as "pprof http://ADDR/debug/pprof/" on standard error.
package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	_ "net/http/pprof" // heap profiles of the running window
	"os"
	"os/signal"
	"runtime/pprof"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"haul/gui"
)

// probeEvery is how often the timeline is sampled.
const probeEvery = 20 * time.Millisecond

func main() {
	cpuPath := flag.String("cpu", "", "write a CPU profile of the whole run to this file")
	timeline := flag.String("timeline", "", "write the totals probe to this file")
	pprofAddr := flag.String("pprof", "", "serve the Go profiler's HTTP endpoints on this address (port 0: any free port)")
	flag.Parse()
	if *pprofAddr != "" {
		if err := servePprof(*pprofAddr); err != nil {
			fmt.Fprintln(os.Stderr, "haul-window:", err)
			os.Exit(1)
		}
	}
	if err := run(*cpuPath, *timeline, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "haul-window:", err)
		os.Exit(1)
	}
}

// run shows the window until SIGTERM or until it is closed.
func run(cpuPath, timeline string, files []string) error {
	if cpuPath != "" {
		f, err := os.Create(cpuPath)
		if err != nil {
			return fmt.Errorf("create the CPU profile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("start the CPU profile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	a := app.NewWithID("io.haul.bench")
	w := a.NewWindow("Haul")
	w.Resize(fyne.NewSize(1180, 720))
	u := gui.New(a, w, files)
	stop := make(chan struct{})
	probed := make(chan error, 1)
	go func() { probed <- probe(u, timeline, stop) }()
	term := make(chan os.Signal, 1)
	signal.Notify(term, syscall.SIGTERM, os.Interrupt)
	go func() {
		<-term
		fyne.Do(a.Quit)
	}()
	w.ShowAndRun()
	close(stop)
	return <-probed
}

// probe samples the totals on screen until stop and writes the timeline.
func probe(u *gui.UI, path string, stop <-chan struct{}) error {
	if path == "" {
		return nil
	}
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("create the timeline: %w", err)
	}
	defer f.Close()
	start := time.Now()
	tick := time.NewTicker(probeEvery)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return nil
		case now := <-tick.C: // unbuffered, so a script can follow the file while the window runs
			sum, at := u.TotalsShown()
			if at.IsZero() {
				continue
			}
			running := 0
			if sum.Running {
				running = 1
			}
			fmt.Fprintf(f, "%.3f\t%d\t%d\t%d\t%d\n", now.Sub(start).Seconds(), now.Sub(at).Milliseconds(), sum.Done, sum.Left(), running)
		}
	}
}

// servePprof serves net/http/pprof on addr in the background and prints
// where.
func servePprof(addr string) error {
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen for the profiler: %w", err)
	}
	fmt.Fprintf(os.Stderr, "pprof http://%s/debug/pprof/\n", l.Addr())
	go func() {
		if err := http.Serve(l, nil); err != nil {
			fmt.Fprintln(os.Stderr, "haul-window: profiler:", err)
		}
	}()
	return nil
}
