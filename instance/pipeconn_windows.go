//go:build windows

package instance

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"time"

	"golang.org/x/sys/windows"
)

// pipeBusyWait is how long dial waits between tries at a busy pipe.
const pipeBusyWait = 20 * time.Millisecond

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
		return fmt.Errorf("%w: Haul's pipe was made by another user", ErrAnotherUser)
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
