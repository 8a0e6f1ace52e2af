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

// pipeBusyWait is how long dial waits between tries at a busy pipe.
const pipeBusyWait = 20 * time.Millisecond

// pipeListener accepts connections on a named pipe that only this user
// can open and no other computer can reach. It keeps one instance of the
// pipe waiting for the next connection.
type pipeListener struct {
	name  string
	sa    *windows.SecurityAttributes
	mu    sync.Mutex
	next  windows.Handle
	close chan struct{}
	once  sync.Once
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
	l := &pipeListener{name: name, sa: sa, close: make(chan struct{})}
	h, err := l.instance(true)
	if errors.Is(err, windows.ERROR_ACCESS_DENIED) || errors.Is(err, windows.ERROR_PIPE_BUSY) {
		return nil, ErrRunning
	}
	if err != nil {
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

// Accept waits for the next connection. The next instance of the pipe is
// made before a connection is handed out, so that a launch always finds
// one to open.
func (l *pipeListener) Accept() (net.Conn, error) {
	l.mu.Lock()
	h := l.next
	l.next = windows.InvalidHandle
	l.mu.Unlock()
	var err error
	if h == windows.InvalidHandle {
		if h, err = l.instance(false); err != nil {
			return nil, fmt.Errorf("accept another launch of Haul: %w", err)
		}
	}
	err = connect(h)
	select {
	case <-l.close:
		windows.CloseHandle(h)
		return nil, net.ErrClosed
	default:
	}
	if err != nil && !errors.Is(err, windows.ERROR_PIPE_CONNECTED) {
		windows.CloseHandle(h)
		return nil, fmt.Errorf("accept another launch of Haul: %w", err)
	}
	if next, err := l.instance(false); err == nil {
		l.mu.Lock()
		l.next = next
		l.mu.Unlock()
	}
	return &pipeConn{File: os.NewFile(uintptr(h), l.name), name: l.name}, nil
}

// connect waits for a launch to open the pipe instance h, which was made
// for overlapped I/O.
func connect(h windows.Handle) error {
	event, err := windows.CreateEvent(nil, 1, 0, nil)
	if err != nil {
		return fmt.Errorf("wait for another launch of Haul: %w", err)
	}
	defer windows.CloseHandle(event)
	ov := windows.Overlapped{HEvent: event}
	err = windows.ConnectNamedPipe(h, &ov)
	if !errors.Is(err, windows.ERROR_IO_PENDING) {
		return err
	}
	var n uint32
	return windows.GetOverlappedResult(h, &ov, &n, true)
}

// Close stops accepting: a connection of its own wakes a waiting Accept.
func (l *pipeListener) Close() error {
	l.once.Do(func() {
		close(l.close)
		if c, err := dial(context.Background(), l.name); err == nil {
			c.Close()
		}
		l.mu.Lock()
		if l.next != windows.InvalidHandle {
			windows.CloseHandle(l.next)
			l.next = windows.InvalidHandle
		}
		l.mu.Unlock()
	})
	return nil
}

// Addr is the pipe's name.
func (l *pipeListener) Addr() net.Addr { return pipeAddr(l.name) }

// pipeAddr is a pipe's name as a network address.
type pipeAddr string

// Network is "pipe".
func (pipeAddr) Network() string { return "pipe" }

// String is the pipe's name.
func (a pipeAddr) String() string { return string(a) }

// pipeConn is one end of a connected pipe. Both ends are opened for
// overlapped I/O, so its reads and writes wait in the runtime's poller and
// its File keeps their deadlines.
type pipeConn struct {
	*os.File
	name string
}

// LocalAddr is the pipe's name.
func (c *pipeConn) LocalAddr() net.Addr { return pipeAddr(c.name) }

// RemoteAddr is the pipe's name.
func (c *pipeConn) RemoteAddr() net.Addr { return pipeAddr(c.name) }

// ownedByUser refuses a pipe that another user made under Haul's name,
// which would otherwise receive this user's links and cookies.
func ownedByUser(h windows.Handle) error {
	sd, err := windows.GetSecurityInfo(h, windows.SE_KERNEL_OBJECT, windows.OWNER_SECURITY_INFORMATION)
	if err != nil {
		return fmt.Errorf("check who made Haul's pipe: %w", err)
	}
	owner, _, err := sd.Owner()
	if err != nil {
		return fmt.Errorf("check who made Haul's pipe: %w", err)
	}
	user, err := windows.GetCurrentProcessToken().GetTokenUser()
	if err != nil {
		return fmt.Errorf("find who runs Haul: %w", err)
	}
	if !owner.Equals(user.User.Sid) {
		return errors.New("Haul's pipe was made by another user")
	}
	return nil
}

// dial opens the pipe name, waiting while every instance is busy.
func dial(ctx context.Context, name string) (net.Conn, error) {
	p, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return nil, err
	}
	for {
		h, err := windows.CreateFile(p, windows.GENERIC_READ|windows.GENERIC_WRITE, 0, nil, windows.OPEN_EXISTING,
			windows.FILE_FLAG_OVERLAPPED, 0)
		if err == nil {
			if err := ownedByUser(h); err != nil {
				windows.CloseHandle(h)
				return nil, err
			}
			return &pipeConn{File: os.NewFile(uintptr(h), name), name: name}, nil
		}
		if !errors.Is(err, windows.ERROR_PIPE_BUSY) {
			return nil, fmt.Errorf("open %s: %w", name, err)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(pipeBusyWait):
		}
	}
}
