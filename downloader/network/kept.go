package network

import (
	"bytes"
	"cmp"
	"container/list"
	"context"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Bounds of the responses kept for reuse (see FetchKeep): each at most
// maxKeptBody bytes; at most maxKeptTotal bytes and maxKeptEntries
// responses in all, the least recently kept going first; none kept longer
// than keptFor, the time a user takes to pick pictures and download them.
const (
	maxKeptBody    = 32 << 20
	maxKeptTotal   = 64 << 20
	maxKeptEntries = 512
	keptFor        = 10 * time.Minute
)

// kept is a whole response fetched by the app (a picker thumbnail), kept
// so that downloading the same link does not fetch it again.
type kept struct {
	status int
	header http.Header
	body   []byte
	link   string
	until  time.Time // when it expires
}

// keptResponses holds kept responses by link, each used once: a bounded
// cache that forgets the least recently kept first. Its zero value uses
// the bounds above; tests lower them.
type keptResponses struct {
	mu    sync.Mutex
	byURL map[string]*list.Element // of order, holding a *kept
	order list.List                // least recently kept at the front
	size  int64                    // bytes the kept bodies hold
	// count is how many responses are kept, read without the lock by the
	// transport, which then asks for none while none is kept.
	count atomic.Int32
	sweep *time.Timer // forgets the expired ones when nothing else asks

	maxTotal   int64
	maxEntries int
	ttl        time.Duration
	now        func() time.Time
}

func (k *keptResponses) clock() time.Time {
	if k.now != nil {
		return k.now()
	}
	return time.Now()
}

func (k *keptResponses) bounds() (total int64, entries int, ttl time.Duration) {
	return cmp.Or(k.maxTotal, maxKeptTotal), cmp.Or(k.maxEntries, maxKeptEntries), cmp.Or(k.ttl, keptFor)
}

// put keeps r for link in place of any response kept for it before, then
// forgets the expired and, while over a bound, the least recently kept.
func (k *keptResponses) put(link string, r *kept) {
	total, entries, ttl := k.bounds()
	if int64(cap(r.body)) > total {
		return
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.byURL == nil {
		k.byURL = map[string]*list.Element{}
	}
	k.removeLocked(link)
	now := k.clock()
	r.link, r.until = link, now.Add(ttl)
	k.byURL[link] = k.order.PushBack(r)
	k.size += int64(cap(r.body))
	k.count.Store(int32(k.order.Len()))
	k.pruneLocked(now)
	for k.size > total || k.order.Len() > entries {
		k.removeLocked(k.order.Front().Value.(*kept).link)
	}
	if k.sweep == nil {
		k.sweep = time.AfterFunc(ttl, k.sweepExpired)
	}
}

// take returns and forgets the response kept for link, or nil.
func (k *keptResponses) take(link string) *kept {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.pruneLocked(k.clock())
	e, ok := k.byURL[link]
	if !ok {
		return nil
	}
	k.removeLocked(link)
	return e.Value.(*kept)
}

// held is how many responses are kept and the bytes they hold.
func (k *keptResponses) held() (n int, size int64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.order.Len(), k.size
}

// sweepExpired forgets the expired responses, and comes back while some are kept.
func (k *keptResponses) sweepExpired() {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.pruneLocked(k.clock())
	k.sweep = nil
	if front := k.order.Front(); front != nil {
		k.sweep = time.AfterFunc(max(front.Value.(*kept).until.Sub(k.clock()), time.Second), k.sweepExpired)
	}
}

// pruneLocked forgets the responses expired at now.
func (k *keptResponses) pruneLocked(now time.Time) {
	for front := k.order.Front(); front != nil && !now.Before(front.Value.(*kept).until); front = k.order.Front() {
		k.removeLocked(front.Value.(*kept).link)
	}
}

func (k *keptResponses) removeLocked(link string) {
	e, ok := k.byURL[link]
	if !ok {
		return
	}
	k.order.Remove(e)
	delete(k.byURL, link)
	k.count.Store(int32(k.order.Len()))
	k.size -= int64(cap(e.Value.(*kept).body))
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
