// Package downloadtest runs a local HTTP file server with injectable faults,
// for testing and benchmarking downloads without touching the network.
//
// A [Server] listens on 127.0.0.1 only. Files are registered by path with
// [Server.Handle] and served like a well-behaved static file host (strong
// ETag, Last-Modified, byte ranges and If-Range) unless options such as
// [FailFirst], [CutBody] or [StallAfterHeaders] make them misbehave. The
// server counts hits, body bytes and concurrent requests, and keeps a copy of
// every request's headers so tests can check what a client sent.
//
// Paths given to Handle, URL, Hits and Requests are unescaped URL paths, as
// in [net/url.URL.Path]; any query string is ignored when matching requests.
//
// The package does not import the testing package, so benchmark programs can
// use it too.
package downloadtest
