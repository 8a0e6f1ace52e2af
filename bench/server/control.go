package main

import (
	"fmt"
	"net/http"
)

// controlHandler answers the benchmark script on a separate loopback port:
//
//	POST /reset  serve the files afresh and start counting a new run
//	GET  /stats  the counters since the last reset, as key=value pairs
//	GET  /floor  the workload's floor in seconds and how it was found
//	GET  /info   the workload's title, file count and concurrency, one per
//	             line, then the status a gated host refuses with (refusal=),
//	             haul's own flags (haul_flags=) and learn=1 when asked
func controlHandler(b *bench) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /reset", func(w http.ResponseWriter, _ *http.Request) {
		b.reset()
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET /stats", func(w http.ResponseWriter, _ *http.Request) {
		st := b.stats()
		fmt.Fprintf(w, "requests=%d bytes=%d peak=%d refused=%d\n", st.Requests, st.Bytes, st.Peak, st.Refused)
	})
	mux.HandleFunc("GET /floor", func(w http.ResponseWriter, r *http.Request) {
		d, measured, err := b.floor(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		kind := "analytic"
		if measured {
			kind = "measured"
		}
		fmt.Fprintf(w, "floor=%.3f kind=%s\n", d.Seconds(), kind)
	})
	mux.HandleFunc("GET /info", func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprintf(w, "title=%s\nfiles=%d\nconcurrency=%d\n", b.w.title, b.w.files, b.w.concurrency)
		if b.w.gate != nil {
			fmt.Fprintf(w, "refusal=%d\n", b.w.gate.status)
		}
		if b.w.haulFlags != "" {
			fmt.Fprintf(w, "haul_flags=%s\n", b.w.haulFlags)
		}
		if b.w.learn {
			fmt.Fprintln(w, "learn=1")
		}
	})
	return mux
}
