package network

import (
	"bytes"
	"context"
	"io"
	"net/http"
)

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
func (n *Network) FetchKeep(ctx context.Context, link, page string) (*http.Response, error) {
	resp, err := n.Fetch(ctx, link, page)
	if err != nil || resp.StatusCode != http.StatusOK || resp.ContentLength > maxKeptBody {
		return resp, err
	}
	body := &keepingBody{ReadCloser: resp.Body, done: func(body []byte) {
		n.kept.put(link, &kept{status: resp.StatusCode, header: resp.Header.Clone(), body: body})
	}}
	if resp.ContentLength > 0 {
		body.buf.Grow(int(resp.ContentLength)) // the copy holds no more than the body
	}
	resp.Body = body
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
