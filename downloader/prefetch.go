package downloader

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"sync"
)

// Limits of the responses kept for reuse: each at most maxKeptBody bytes,
// and at most maxKeptTotal bytes in all (the oldest go first).
const (
	maxKeptBody  = 32 << 20
	maxKeptTotal = 256 << 20
)

// kept is a whole response fetched by the app (a picker thumbnail), kept
// so that downloading the same link does not fetch it again.
type kept struct {
	status int
	header http.Header
	body   []byte
}

// keptResponses holds kept responses by link; each is used once.
type keptResponses struct {
	mu    sync.Mutex
	byURL map[string]*kept
	order []string
	size  int64
}

func (k *keptResponses) put(link string, r *kept) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.byURL == nil {
		k.byURL = map[string]*kept{}
	}
	if old, ok := k.byURL[link]; ok {
		k.size -= int64(len(old.body))
	} else {
		k.order = append(k.order, link)
	}
	k.byURL[link] = r
	k.size += int64(len(r.body))
	for k.size > maxKeptTotal && len(k.order) > 0 {
		oldest := k.order[0]
		k.order = k.order[1:]
		if e, ok := k.byURL[oldest]; ok {
			k.size -= int64(len(e.body))
			delete(k.byURL, oldest)
		}
	}
}

// take returns and forgets the response kept for link, or nil.
func (k *keptResponses) take(link string) *kept {
	k.mu.Lock()
	defer k.mu.Unlock()
	r, ok := k.byURL[link]
	if !ok {
		return nil
	}
	delete(k.byURL, link)
	k.size -= int64(len(r.body))
	return r
}

// keptTransport answers a plain GET (not a resume) from the kept responses
// and passes every other request on.
type keptTransport struct {
	base http.RoundTripper
	kept *keptResponses
}

// RoundTrip implements http.RoundTripper.
func (t *keptTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Method == http.MethodGet && req.Header.Get("Range") == "" {
		if r := t.kept.take(req.URL.String()); r != nil {
			return &http.Response{Status: http.StatusText(r.status), StatusCode: r.status, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
				Header: r.header.Clone(), Body: io.NopCloser(bytes.NewReader(r.body)), ContentLength: int64(len(r.body)), Request: req}, nil
		}
	}
	return t.base.RoundTrip(req)
}

// CloseIdleConnections closes the idle connections of the transport below.
func (t *keptTransport) CloseIdleConnections() {
	if c, ok := t.base.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

// FetchKeep is Fetch for a picture the user may download next (a picker
// thumbnail): once its body has been read to the end, the response is kept,
// and the download of the same link uses it instead of fetching it again.
func (m *Manager) FetchKeep(ctx context.Context, link, page string) (*http.Response, error) {
	resp, err := m.Fetch(ctx, link, page)
	if err != nil || resp.StatusCode != http.StatusOK || resp.ContentLength > maxKeptBody {
		return resp, err
	}
	resp.Body = &keepingBody{ReadCloser: resp.Body, done: func(body []byte) {
		m.kept.put(link, &kept{status: resp.StatusCode, header: resp.Header.Clone(), body: body})
	}}
	return resp, nil
}

// keepingBody copies what is read, and hands the whole body to done at
// its end; a body larger than maxKeptBody is not kept.
type keepingBody struct {
	io.ReadCloser
	buf  bytes.Buffer
	over bool
	done func([]byte)
}

func (b *keepingBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if !b.over {
		if b.buf.Len()+n > maxKeptBody {
			b.over = true
			b.buf = bytes.Buffer{}
		} else {
			b.buf.Write(p[:n])
		}
	}
	if err == io.EOF && !b.over && b.done != nil {
		b.done(b.buf.Bytes())
		b.done = nil
	}
	return n, err
}
