package transfer

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptrace"
	"strings"
)

// ErrReusedConnection marks a failed request whose connection had already
// carried an earlier answer. Bytes there that are not HTTP are most likely
// the rest of that earlier answer (a server that sent more than it
// announced, such as a script that prints a newline after the file), not
// the site's answer to this request: a new connection may well succeed.
var ErrReusedConnection = errors.New("on a connection that had carried an earlier answer")

// connWatch notes whether a request went out on a connection that had
// carried an answer before.
type connWatch struct{ reused bool }

// watch returns ctx with a trace that keeps the note up to date (the last
// request of a redirect chain counts).
func (w *connWatch) watch(ctx context.Context) context.Context {
	return httptrace.WithClientTrace(ctx, &httptrace.ClientTrace{
		GetConn: func(string) { w.reused = false },
		GotConn: func(info httptrace.GotConnInfo) { w.reused = info.Reused },
	})
}

// explain marks err with ErrReusedConnection when the request's connection
// had carried an earlier answer; nil stays nil.
func (w *connWatch) explain(err error) error {
	if err == nil || !w.reused {
		return err
	}
	return fmt.Errorf("%w (%w)", err, ErrReusedConnection)
}

// WatchReuse readies ctx for one request made outside Run; explain marks
// an error of that request with ErrReusedConnection when its connection
// had carried an earlier answer.
func WatchReuse(ctx context.Context) (watched context.Context, explain func(error) error) {
	w := &connWatch{}
	return w.watch(ctx), w.explain
}

// StrayAnswer says err is an answer that is not HTTP read on a connection
// that had carried an earlier answer: most likely the rest of that answer,
// which the same request on a new connection does not meet.
func StrayAnswer(err error) bool {
	return errors.Is(err, ErrReusedConnection) && strings.Contains(err.Error(), "malformed HTTP")
}
