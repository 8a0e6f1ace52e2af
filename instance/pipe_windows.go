//go:build windows

package instance

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"sync"
	"time"
	"unsafe"

	"golang.org/x/sys/windows"
)

// pipeBuffer is the size of each pipe's buffers.
const pipeBuffer = 64 << 10

// pipeListener accepts connections on a named pipe that only this user
// can open and no other computer can reach. It keeps one instance of the
// pipe waiting for the next connection.
type pipeListener struct {
	name string
	sa   *windows.SecurityAttributes
	// closed is an event Close sets, which wakes a waiting Accept.
	closed windows.Handle
	mu     sync.Mutex
	// next is the instance made ahead for the next Accept.
	next windows.Handle
	done bool
	once sync.Once
	// accepting counts the Accepts under way, which Close waits for.
	accepting sync.WaitGroup
}

// listen makes the first instance of the pipe name; when another Haul
// already made it, it returns ErrRunning.
func listen(name string) (net.Listener, error) {
	sa, err := userOnly()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if c, err := dial(ctx, name); err == nil { // where the first-instance flag is not kept (Wine)
		c.Close()
		return nil, ErrRunning
	}
	closed, err := windows.CreateEvent(nil, 1, 0, nil)
	if err != nil {
		return nil, fmt.Errorf("listen for other launches of Haul: %w", err)
	}
	l := &pipeListener{name: name, sa: sa, closed: closed}
	h, err := l.instance(true)
	if err != nil {
		windows.CloseHandle(closed)
		if errors.Is(err, windows.ERROR_ACCESS_DENIED) || errors.Is(err, windows.ERROR_PIPE_BUSY) {
			return nil, ErrRunning
		}
		return nil, fmt.Errorf("listen for other launches of Haul: %w", err)
	}
	l.next = h
	return l, nil
}

// userOnly is a security descriptor owned by the current user that lets
// only that user in.
func userOnly() (*windows.SecurityAttributes, error) {
	user, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return nil, fmt.Errorf("find who runs Haul: %w", err)
	}
	sid := user.User.Sid.String()
	sd, err := windows.SecurityDescriptorFromString("O:" + sid + "D:P(A;;GA;;;" + sid + ")")
	if err != nil {
		return nil, fmt.Errorf("make Haul's pipe private: %w", err)
	}
	sa := &windows.SecurityAttributes{SecurityDescriptor: sd}
	sa.Length = uint32(unsafe.Sizeof(*sa))
	return sa, nil
}

// instance makes one instance of the pipe, the first one when first.
func (l *pipeListener) instance(first bool) (windows.Handle, error) {
	name, err := windows.UTF16PtrFromString(l.name)
	if err != nil {
		return windows.InvalidHandle, err
	}
	flags := uint32(windows.PIPE_ACCESS_DUPLEX | windows.FILE_FLAG_OVERLAPPED)
	if first {
		flags |= windows.FILE_FLAG_FIRST_PIPE_INSTANCE
	}
	mode := uint32(windows.PIPE_TYPE_BYTE | windows.PIPE_READMODE_BYTE | windows.PIPE_WAIT | windows.PIPE_REJECT_REMOTE_CLIENTS)
	return windows.CreateNamedPipe(name, flags, mode, windows.PIPE_UNLIMITED_INSTANCES, pipeBuffer, pipeBuffer, 0, l.sa)
}

// Accept waits for the next connection. At most one instance of the pipe
// waits unconnected at a time, so a launch never opens one that no Accept
// is waiting on; the next is made as soon as one is connected, while the
// connected one still exists, so a launch meanwhile finds the pipe busy
// (and waits) instead of missing. A launch that opened the pipe and left
// before it was accepted is passed over.
func (l *pipeListener) Accept() (net.Conn, error) {
	for {
		h, err := l.take()
		if err != nil {
			return nil, err
		}
		conn, err := l.acceptOn(h)
		l.accepting.Done()
		if !errors.Is(err, windows.ERROR_NO_DATA) {
			return conn, err
		}
	}
}

// acceptOn waits for a launch to open the instance h, and makes the next
// instance once it has; an instance no launch is connected to is closed
// before acceptOn returns, so none is left for Close to miss.
func (l *pipeListener) acceptOn(h windows.Handle) (net.Conn, error) {
	if err := l.connect(h); err != nil {
		windows.CloseHandle(h)
		return nil, err
	}
	l.makeNext()
	return &pipeConn{File: os.NewFile(uintptr(h), l.name), name: l.name}, nil
}

// take is the instance of the pipe to wait on: the one made ahead, or a
// new one. The caller is counted in accepting unless take fails.
func (l *pipeListener) take() (windows.Handle, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done {
		return windows.InvalidHandle, net.ErrClosed
	}
	h := l.next
	l.next = windows.InvalidHandle
	if h == windows.InvalidHandle {
		var err error
		if h, err = l.instance(false); err != nil {
			return windows.InvalidHandle, fmt.Errorf("accept another launch of Haul: %w", err)
		}
	}
	l.accepting.Add(1)
	return h, nil
}

// makeNext makes the instance the next Accept waits on, unless the
// listener is closing; when it cannot, the next Accept makes one.
func (l *pipeListener) makeNext() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done || l.next != windows.InvalidHandle {
		return
	}
	if next, err := l.instance(false); err == nil {
		l.next = next
	}
}

// connect waits for a launch to open the pipe instance h, which was made
// for overlapped I/O, or for Close.
func (l *pipeListener) connect(h windows.Handle) error {
	event, err := windows.CreateEvent(nil, 1, 0, nil)
	if err != nil {
		return fmt.Errorf("accept another launch of Haul: %w", err)
	}
	defer windows.CloseHandle(event)
	ov := windows.Overlapped{HEvent: event}
	err = windows.ConnectNamedPipe(h, &ov)
	if err == nil || errors.Is(err, windows.ERROR_PIPE_CONNECTED) {
		return nil
	}
	if !errors.Is(err, windows.ERROR_IO_PENDING) {
		return fmt.Errorf("accept another launch of Haul: %w", err)
	}
	woke, err := windows.WaitForMultipleObjects([]windows.Handle{event, l.closed}, false, windows.INFINITE)
	if err != nil || woke != windows.WAIT_OBJECT_0 {
		windows.CancelIoEx(h, &ov)
	}
	var n uint32
	if err := windows.GetOverlappedResult(h, &ov, &n, true); err != nil {
		if errors.Is(err, windows.ERROR_OPERATION_ABORTED) {
			return net.ErrClosed
		}
		return fmt.Errorf("accept another launch of Haul: %w", err)
	}
	return nil
}

// Close stops accepting, wakes a waiting Accept and waits for it to end;
// from then on a launch finds no instance of the pipe.
func (l *pipeListener) Close() error {
	l.once.Do(l.shutdown)
	return nil
}

// shutdown is the first Close; the others wait for it.
func (l *pipeListener) shutdown() {
	l.mu.Lock()
	l.done = true
	windows.SetEvent(l.closed)
	l.mu.Unlock()
	l.accepting.Wait()
	windows.CloseHandle(l.closed)
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.next != windows.InvalidHandle {
		windows.CloseHandle(l.next)
		l.next = windows.InvalidHandle
	}
}

// Addr is the pipe's name.
func (l *pipeListener) Addr() net.Addr { return pipeAddr(l.name) }
