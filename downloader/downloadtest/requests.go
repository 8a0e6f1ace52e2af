package downloadtest

import (
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
)

// Request is a copy of what the server received in one request.
type Request struct {
	Method   string
	Path     string // unescaped
	RawQuery string
	Header   http.Header
}

// entry is the bookkeeping of one path: what answers it and what it received.
type entry struct {
	route atomic.Pointer[route]

	mu       sync.Mutex
	requests []Request
}

// record keeps a copy of r.
func (e *entry) record(r *http.Request) {
	req := Request{Method: r.Method, Path: r.URL.Path, RawQuery: r.URL.RawQuery, Header: r.Header.Clone()}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.requests = append(e.requests, req)
}

// Hits returns how many requests (any method) the server received for path,
// registered or not.
func (s *Server) Hits(path string) int {
	e := s.lookup(pathKey(path))
	if e == nil {
		return 0
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return len(e.requests)
}

// Requests returns copies of the requests received for path, oldest first.
func (s *Server) Requests(path string) []Request {
	e := s.lookup(pathKey(path))
	if e == nil {
		return nil
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.requests)
}
