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
//	GET  /info   the workload's title, file count and concurrency, one per line
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
	})
	return mux
}
