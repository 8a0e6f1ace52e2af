package downloadtest

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
)

// Proxy is a forward HTTP proxy on 127.0.0.1 that records which hosts it
// was asked for and what user signed in to it.
type Proxy struct {
	srv *httptest.Server
	tr  *http.Transport

	mu    sync.Mutex
	hosts map[string]int
	auth  []string
}

// NewProxy starts a proxy that connects to sites with dial.
func NewProxy(dial func(ctx context.Context, network, addr string) (net.Conn, error)) *Proxy {
	p := &Proxy{tr: &http.Transport{DialContext: dial, Proxy: nil}, hosts: map[string]int{}}
	p.srv = httptest.NewUnstartedServer(http.HandlerFunc(p.serve))
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(fmt.Sprintf("downloadtest: listen on 127.0.0.1: %v", err))
	}
	_ = p.srv.Listener.Close()
	p.srv.Listener = l
	p.srv.Start()
	return p
}

// URL is the proxy's address, such as http://127.0.0.1:port.
func (p *Proxy) URL() string { return p.srv.URL }

// Close stops the proxy.
func (p *Proxy) Close() {
	p.srv.Close()
	p.tr.CloseIdleConnections()
}

// Hosts counts the requests forwarded, by host name.
func (p *Proxy) Hosts() map[string]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make(map[string]int, len(p.hosts))
	for k, v := range p.hosts {
		out[k] = v
	}
	return out
}

// Auth lists the Proxy-Authorization headers received, in order.
func (p *Proxy) Auth() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]string(nil), p.auth...)
}

func (p *Proxy) serve(w http.ResponseWriter, r *http.Request) {
	if !r.URL.IsAbs() {
		http.Error(w, "this is a proxy: ask for a full address", http.StatusBadRequest)
		return
	}
	p.mu.Lock()
	p.hosts[r.URL.Hostname()]++
	if a := r.Header.Get("Proxy-Authorization"); a != "" {
		p.auth = append(p.auth, a)
	}
	p.mu.Unlock()
	out := r.Clone(r.Context())
	out.RequestURI = ""
	out.Header.Del("Proxy-Authorization")
	out.Header.Del("Proxy-Connection")
	resp, err := p.tr.RoundTrip(out)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer resp.Body.Close()
	for k, v := range resp.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}
