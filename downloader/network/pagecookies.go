package network

import (
	"net/http"
	"sync"
	"time"

	"haul/downloader/cookies"
)

// pageClients are the clients of the pages whose browser handed over
// cookies: the Network's client with a jar that adds the page's partition
// (cookies.Partitions) to the user's cookies. They share the one
// transport, so connections and limits are shared too.
type pageClients struct {
	partitions cookies.Partitions
	mu         sync.Mutex
	clients    map[http.CookieJar]*http.Client
}

// AddPageCookies keeps the cookies a browser would send with the requests
// page makes, for the links found on or added from that page only (see
// cookies.Partitions); it returns how many were kept. They are held in
// memory, never written down.
func (n *Network) AddPageCookies(page string, cs []cookies.Cookie) int {
	return n.pages.partitions.Add(page, cs, time.Now())
}

// ClientFor is the client for a request made from page ("" for one the
// user asked for): the Network's client, with the page's partition of
// cookies when its browser handed some over.
func (n *Network) ClientFor(page string) *http.Client {
	if page == "" {
		return n.client
	}
	own := n.pages.partitions.Site(page)
	if own == nil {
		return n.client
	}
	p := &n.pages
	p.mu.Lock()
	defer p.mu.Unlock()
	if c := p.clients[own]; c != nil {
		return c
	}
	if p.clients == nil {
		p.clients = map[http.CookieJar]*http.Client{}
	}
	c := *n.client
	c.Jar = cookies.Layered(own, n.jar)
	p.clients[own] = &c
	return &c
}
