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

// ErrAnotherUser is returned by Send when the program at Haul's socket
// runs as another user: nothing is handed to it.
var ErrAnotherUser = errors.New("the program at Haul's socket belongs to another user")

// maxRequestSize is the longest request read from the socket: a browser
// message at its largest, with room for its encoding.
const maxRequestSize = 2 * browser.MaxMessageSize

// answerTimeout is how long a request may take to be read and answered.
const answerTimeout = 30 * time.Second

// handleTimeout is how long the running Haul waits for its handler (the
// window) to take a request before it answers that it is busy; shorter
// than answerTimeout, so that the answer reaches the launch.
const handleTimeout = 20 * time.Second

// LaunchWait is how long a launch waits for the running Haul to take what
// it hands over: longer than the running Haul takes to answer that it is
// busy, so a launch hears that answer rather than give up first and open
// a second window while the first still takes the lists.
const LaunchWait = answerTimeout

// The waits after a failed Accept (too many open files, say): doubled
// from the first to the last, as a web server waits, so that the running
// Haul keeps serving once the trouble passes.
const (
	firstAcceptWait = 5 * time.Millisecond
	lastAcceptWait  = time.Second
)

// ErrNoAnswer is what a launch reports when the running Haul was reached
// but did not take the request in time ([Reply.Busy]).
var ErrNoAnswer = errors.New("the running Haul did not answer in time")

// Request is what a second launch hands to the running Haul.
type Request struct {
	// Files are the lists of links (or the links) named on the command line,
	// lists as absolute paths.
	Files []string `json:"files,omitempty"`
	// Browser is a checked message from the browser extension.
	Browser *browser.Message `json:"browser,omitempty"`
	// Quit, when set, asks the running Haul to end if it runs this program
	// file (see [Request.Quits]).
	Quit string `json:"quit,omitempty"`
}

// Reply is the running Haul's answer.
type Reply struct {
	// Added is how many links were queued or shown to choose from.
	Added int `json:"added"`
	// NotAdded is how many links were not queued because the list already
	// held the most links it takes; Note says so, and what to do, in the
	// user's language. 0 and "" when every link found room.
	NotAdded int    `json:"notAdded,omitempty"`
	Note     string `json:"note,omitempty"`
	// Error says why nothing was taken, in the user's language; "" when it was.
	Error string `json:"error,omitempty"`
	// Busy says the running Haul did not take the request in time; it may
	// still take it later.
	Busy bool `json:"busy,omitempty"`
}

// Listen makes this Haul the running one: it listens on path, a socket in
// a folder only the user can open (a named pipe only the user can open on
// Windows), after removing a socket that a Haul which ended left. It
// returns ErrRunning when another Haul listens there.
func Listen(path string) (net.Listener, error) {
	return listen(path)
}

// Serve answers requests on l with handle until ctx ends or l is closed;
// each connection carries one request and its reply. A request that handle
// has not taken within a while is answered Busy, so that a window that
// never answers does not hold the launch.
func Serve(ctx context.Context, l net.Listener, handle func(Request) Reply) {
	serve(ctx, l, handle, handleTimeout)
}

// serve is Serve, waiting up to wait for handle. An Accept that fails
// for any other reason than the listener's closing is tried again after a
// while: one launch too many (out of open files) must not end the running
// Haul's serving for the rest of its session.
func serve(ctx context.Context, l net.Listener, handle func(Request) Reply, wait time.Duration) {
	context.AfterFunc(ctx, func() { l.Close() })
	var pause time.Duration
	for {
		conn, err := l.Accept()
		if err == nil {
			pause = 0
			go answer(conn, handle, wait)
			continue
		}
		if errors.Is(err, net.ErrClosed) || ctx.Err() != nil {
			return
		}
		pause = min(max(2*pause, firstAcceptWait), lastAcceptWait)
		timer := time.NewTimer(pause)
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-timer.C:
		}
	}
}

// answer reads one request from conn and writes handle's reply, or Busy
// when handle has not returned within wait.
func answer(conn net.Conn, handle func(Request) Reply, wait time.Duration) {
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(answerTimeout))
	var req Request
	if err := json.NewDecoder(io.LimitReader(conn, maxRequestSize)).Decode(&req); err != nil {
		_ = json.NewEncoder(conn).Encode(Reply{Error: err.Error()})
		return
	}
	if err := recheck(&req); err != nil {
		_ = json.NewEncoder(conn).Encode(Reply{Error: err.Error()})
		return
	}
	replies := make(chan Reply, 1)
	go func() { replies <- handle(req) }()
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case reply := <-replies:
		_ = json.NewEncoder(conn).Encode(reply)
	case <-timer.C:
		_ = json.NewEncoder(conn).Encode(Reply{Busy: true})
	}
}

// recheck passes the browser's message of req through the same checks the
// browser's host made, so that no other program of the user's can hand
// the running Haul a message the host would have refused.
func recheck(req *Request) error {
	if req.Browser == nil {
		return nil
	}
	body, err := json.Marshal(req.Browser)
	if err != nil {
		return fmt.Errorf("check the browser's message: %w", err)
	}
	m, err := browser.Parse(body)
	if err != nil {
		return fmt.Errorf("check the browser's message: %w", err)
	}
	req.Browser = &m
	return nil
}

// Send hands req to the Haul listening on path and returns its reply; it
// returns ErrNotRunning when none listens there.
func Send(ctx context.Context, path string, req Request) (Reply, error) {
	conn, err := dial(ctx, path)
	if errors.Is(err, ErrAnotherUser) {
		return Reply{}, fmt.Errorf("hand the links to the running Haul: %w", err)
	}
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
