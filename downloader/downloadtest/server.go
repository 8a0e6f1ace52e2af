package downloadtest

import (
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
)

// Server serves registered files with injected faults on 127.0.0.1.
// All its methods are safe for concurrent use.
type Server struct {
	srv       *httptest.Server
	closing   chan struct{}
	closeOnce sync.Once

	mu    sync.RWMutex
	paths map[string]*entry

	bytesSent atomic.Int64
	load      gauge
}

// route is what answers a registered path: a file or a handler function.
type route struct {
	file    *file
	handler http.HandlerFunc
}

// New starts a server listening on a free port of 127.0.0.1.
// It panics if no loopback port can be opened.
func New() *Server {
	s := &Server{closing: make(chan struct{}), paths: make(map[string]*entry)}
	s.srv = httptest.NewUnstartedServer(http.HandlerFunc(s.serve))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(fmt.Sprintf("downloadtest: listen on 127.0.0.1: %v", err))
	}
	_ = s.srv.Listener.Close()
	s.srv.Listener = l
	s.srv.Start()
	return s
}

// Close stops the server. Stalled, delayed and throttled responses are cut
// off and client connections closed, so Close returns promptly.
// Calling Close more than once is harmless.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		close(s.closing)
		s.srv.CloseClientConnections()
		s.srv.Close()
	})
}

// URL returns the absolute URL of path (an unescaped path, optionally
// followed by a query string) on this server.
func (s *Server) URL(path string) string {
	p, query, _ := strings.Cut(path, "?")
	u := url.URL{Path: pathKey(p), RawQuery: query}
	return s.srv.URL + u.String()
}

// Handle registers body at path, replacing what was there. Replacing a file
// restarts its own request counting (FailFirst, ChangeAfter, CutBody …) but
// not the path's Hits and Requests. body is served as is, never copied, and
// must not be changed afterwards.
func (s *Server) Handle(path string, body []byte, opts ...Option) {
	key := pathKey(path)
	s.entry(key).route.Store(&route{file: newFile(key, body, opts)})
}

// HandleFunc registers h at path, replacing what was there. Its requests
// are counted and recorded, and its body bytes added to BytesSent, like a
// file's. A handler that blocks should also return when r.Context() is
// done, which Close brings about.
func (s *Server) HandleFunc(path string, h http.HandlerFunc) {
	s.entry(pathKey(path)).route.Store(&route{handler: h})
}

// serve dispatches one request to its path's file or handler, or answers 404.
func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.load.enter()
	defer s.load.leave()
	e := s.entry(r.URL.Path)
	e.record(r)
	rw := newResponseWriter(s, w, r)
	rt := e.route.Load()
	switch {
	case rt == nil:
		writeErrorPage(rw, r, http.StatusNotFound)
	case rt.file != nil:
		s.serveFile(rw, r, rt.file)
	default:
		rt.handler(rw, r)
	}
}

// entry returns the bookkeeping for key, creating it on first use.
func (s *Server) entry(key string) *entry {
	if e := s.lookup(key); e != nil {
		return e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.paths[key]
	if e == nil {
		e = &entry{}
		s.paths[key] = e
	}
	return e
}

// lookup returns the bookkeeping for key, or nil if the path was never used.
func (s *Server) lookup(key string) *entry {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.paths[key]
}

// BytesSent returns the total number of body bytes written to clients for
// all paths, error pages included.
func (s *Server) BytesSent() int64 {
	return s.bytesSent.Load()
}

// Refused returns how many requests for the file at path MaxConnections
// refused.
func (s *Server) Refused(path string) int {
	e := s.lookup(pathKey(path))
	if e == nil {
		return 0
	}
	if rt := e.route.Load(); rt != nil && rt.file != nil {
		return int(rt.file.refused.Load())
	}
	return 0
}

// pathKey normalises a registered or queried path: no query, leading slash.
func pathKey(path string) string {
	path, _, _ = strings.Cut(path, "?")
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	return path
}
