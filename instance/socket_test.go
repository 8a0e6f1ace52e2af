package instance

import (
	"context"
	"errors"
	"net"
	"os"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"haul/browser"
)

// serving listens on a path of the test's own and answers with handle,
// waiting up to wait for it, until the test ends; it returns the path.
func serving(t *testing.T, handle func(Request) Reply, wait time.Duration) string {
	t.Helper()
	path := testPath(t)
	l, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(func() {
		cancel()
		l.Close()
	})
	go serve(ctx, l, handle, wait)
	return path
}

func TestSecondLaunchHandsItsRequestToTheFirst(t *testing.T) {
	path := testPath(t)
	l, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan Request, 1)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go Serve(ctx, l, func(r Request) Reply { got <- r; return Reply{Added: len(r.Files)} })

	if _, err := Listen(path); !errors.Is(err, ErrRunning) {
		t.Fatalf("second Listen = %v, want ErrRunning", err)
	}
	for range 3 { // each request has a connection of its own
		reply, err := Send(ctx, path, Request{Files: []string{"/tmp/list.txt", "https://example.com/a.jpg"},
			Browser: &browser.Message{Type: browser.TypeLinks, Links: []string{"https://example.com/b.jpg"}}})
		if err != nil {
			t.Fatal(err)
		}
		if reply.Added != 2 {
			t.Errorf("reply = %+v, want 2 added", reply)
		}
		r := <-got
		if len(r.Files) != 2 || r.Browser == nil || r.Browser.Links[0] != "https://example.com/b.jpg" {
			t.Errorf("request = %+v", r)
		}
	}
	checkPrivate(t, path)
	cancel()
	l.Close()
	if _, err := Send(context.Background(), path, Request{}); !errors.Is(err, ErrNotRunning) {
		t.Errorf("Send after the first Haul ended = %v, want ErrNotRunning", err)
	}
	l2, err := Listen(path)
	if err != nil {
		t.Fatalf("Listen after the first Haul ended: %v", err)
	}
	l2.Close()
}

func TestSendWithNothingListening(t *testing.T) {
	_, err := Send(context.Background(), testPath(t), Request{})
	if !errors.Is(err, ErrNotRunning) {
		t.Errorf("Send = %v, want ErrNotRunning", err)
	}
}

func TestAHandlerThatNeverAnswersIsAnsweredBusy(t *testing.T) {
	release := make(chan struct{})
	handled := make(chan struct{})
	path := serving(t, func(Request) Reply {
		<-release
		close(handled)
		return Reply{Added: 1}
	}, 10*time.Millisecond)

	reply, err := Send(context.Background(), path, Request{Files: []string{"/tmp/list.txt"}})
	if err != nil {
		t.Fatal(err)
	}
	if !reply.Busy || reply.Added != 0 {
		t.Errorf("reply = %+v, want Busy", reply)
	}
	close(release)
	<-handled
}

func TestAConnectionThatSendsNothingTimesOut(t *testing.T) {
	path := testPath(t)
	l, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	accepted := make(chan error, 1)
	go func() {
		conn, err := l.Accept()
		if err != nil {
			accepted <- err
			return
		}
		defer conn.Close()
		if err := conn.SetDeadline(time.Now().Add(20 * time.Millisecond)); err != nil {
			accepted <- err
			return
		}
		_, err = conn.Read(make([]byte, 1))
		accepted <- err
	}()
	conn, err := dial(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	select {
	case err := <-accepted:
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			t.Errorf("read from a silent launch = %v, want the deadline exceeded", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the read from a silent launch did not time out")
	}
}

func TestCloseEndsAWaitingAccept(t *testing.T) {
	l, err := Listen(testPath(t))
	if err != nil {
		t.Fatal(err)
	}
	accepted := make(chan error, 1)
	go func() {
		conn, err := l.Accept()
		if err == nil {
			conn.Close()
		}
		accepted <- err
	}()
	l.Close()
	select {
	case err := <-accepted:
		if err == nil {
			t.Error("Accept on a closed listener gave a connection")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Accept still waits after Close")
	}
	if _, err := l.Accept(); err == nil {
		t.Error("Accept after Close gave a connection")
	}
}

func TestTheRunningHaulChecksTheBrowsersMessageAgain(t *testing.T) {
	tests := []struct {
		name      string
		message   browser.Message
		wantTaken bool
	}{
		{"checked", browser.Message{Type: browser.TypeLinks, Links: []string{"https://example.com/a.jpg"}}, true},
		{"a file link", browser.Message{Type: browser.TypeLinks, Links: []string{"file:///etc/passwd"}}, false},
		{"no links", browser.Message{Type: browser.TypePictures}, false},
	}
	path := serving(t, func(r Request) Reply { return Reply{Added: len(r.Browser.Links)} }, handleTimeout)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := tt.message
			reply, err := Send(context.Background(), path, Request{Browser: &m})
			if err != nil {
				t.Fatal(err)
			}
			if taken := reply.Error == "" && reply.Added == len(m.Links); taken != tt.wantTaken {
				t.Errorf("reply = %+v, want taken %v", reply, tt.wantTaken)
			}
		})
	}
}

// failingOnce is a listener whose first Accept fails as a process out of
// open files does.
type failingOnce struct {
	net.Listener
	failed atomic.Bool
}

func (l *failingOnce) Accept() (net.Conn, error) {
	if !l.failed.Swap(true) {
		return nil, &net.OpError{Op: "accept", Net: "unix", Err: os.NewSyscallError("accept", syscall.EMFILE)}
	}
	return l.Listener.Accept()
}

// TestAFailedAcceptDoesNotEndTheServing: one Accept that fails (too many
// open files) leaves the running Haul serving the launches after it.
func TestAFailedAcceptDoesNotEndTheServing(t *testing.T) {
	path := testPath(t)
	l, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() {
		serve(ctx, &failingOnce{Listener: l}, func(r Request) Reply { return Reply{Added: len(r.Files)} }, handleTimeout)
		close(done)
	}()
	sendCtx, stop := context.WithTimeout(t.Context(), 10*time.Second)
	defer stop()
	if reply, err := Send(sendCtx, path, Request{Files: []string{"/tmp/list.txt"}}); err != nil || reply.Added != 1 {
		t.Errorf("a launch after a failed Accept: %+v, %v", reply, err)
	}
	cancel()
	<-done
}

// TestALaunchWaitsLongerThanTheRunningHaulTakesToSayBusy: a launch never
// gives up before the running Haul answers that it is busy, so it never
// takes a Haul that is still taking its lists for none.
func TestALaunchWaitsLongerThanTheRunningHaulTakesToSayBusy(t *testing.T) {
	if LaunchWait <= handleTimeout {
		t.Errorf("a launch waits %v, the running Haul answers busy after %v", LaunchWait, handleTimeout)
	}
}
