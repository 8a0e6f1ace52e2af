package instance

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"time"

	"haul/browser"
)

// ErrRunning is returned by Listen when another Haul of this user already
// listens.
var ErrRunning = errors.New("another Haul is running")

// ErrNotRunning is returned by Send when no Haul of this user listens.
var ErrNotRunning = errors.New("no Haul is running")

// maxRequestSize is the longest request read from the socket: a browser
// message at its largest, with room for its encoding.
const maxRequestSize = 2 * browser.MaxMessageSize

// answerTimeout is how long a request may take to be read and answered.
const answerTimeout = 30 * time.Second

// Request is what a second launch hands to the running Haul.
type Request struct {
	// Files are the lists of links (or the links) named on the command line,
	// lists as absolute paths.
	Files []string `json:"files,omitempty"`
	// Browser is a checked message from the browser extension.
	Browser *browser.Message `json:"browser,omitempty"`
}

// Reply is the running Haul's answer.
type Reply struct {
	// Added is how many links were queued or shown to choose from.
	Added int `json:"added"`
	// Error says why nothing was taken, in the user's language; "" when it was.
	Error string `json:"error,omitempty"`
}

// Listen makes this Haul the running one: it listens on path, a socket in
// a folder only the user can open (a named pipe only the user can open on
// Windows), after removing a socket that a Haul which ended left. It
// returns ErrRunning when another Haul listens there.
func Listen(path string) (net.Listener, error) {
	return listen(path)
}

// Serve answers requests on l with handle until ctx ends or l is closed;
// each connection carries one request and its reply.
func Serve(ctx context.Context, l net.Listener, handle func(Request) Reply) {
	context.AfterFunc(ctx, func() { l.Close() })
	for {
		conn, err := l.Accept()
		if err != nil {
			return
		}
		go answer(conn, handle)
	}
}

// answer reads one request from conn and writes handle's reply.
func answer(conn net.Conn, handle func(Request) Reply) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(answerTimeout))
	var req Request
	if err := json.NewDecoder(io.LimitReader(conn, maxRequestSize)).Decode(&req); err != nil {
		_ = json.NewEncoder(conn).Encode(Reply{Error: err.Error()})
		return
	}
	_ = json.NewEncoder(conn).Encode(handle(req))
}

// Send hands req to the Haul listening on path and returns its reply; it
// returns ErrNotRunning when none listens there.
func Send(ctx context.Context, path string, req Request) (Reply, error) {
	conn, err := dial(ctx, path)
	if err != nil {
		return Reply{}, fmt.Errorf("%w: %w", ErrNotRunning, err)
	}
	defer conn.Close()
	deadline := time.Now().Add(answerTimeout)
	if dl, ok := ctx.Deadline(); ok && dl.Before(deadline) {
		deadline = dl
	}
	_ = conn.SetDeadline(deadline)
	if err := json.NewEncoder(conn).Encode(req); err != nil {
		return Reply{}, fmt.Errorf("hand the links to the running Haul: %w", err)
	}
	var reply Reply
	if err := json.NewDecoder(conn).Decode(&reply); err != nil {
		return Reply{}, fmt.Errorf("read the running Haul's answer: %w", err)
	}
	return reply, nil
}
