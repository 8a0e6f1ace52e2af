//go:build !windows

package instance

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"syscall"
)

// listen listens on the Unix socket path, made 0600 in a 0700 folder of
// the user's own (see privateFolder). A lock on path+".lock", held while
// the listener is open, makes the first launch the running one even when
// two start at once; the lock ends with its process, so a socket left by a
// Haul that ended is replaced.
func listen(path string) (net.Listener, error) {
	if err := privateFolder(filepath.Dir(path)); err != nil {
		return nil, err
	}
	lock, err := lockRunning(path + ".lock")
	if err != nil {
		return nil, err
	}
	l, err := listenUnix(path)
	if err != nil {
		lock.Close()
		return nil, err
	}
	return &lockedListener{Listener: l, lock: lock}, nil
}

// lockRunning takes the lock of the running Haul, or returns ErrRunning
// when another Haul holds it. The lock file is never a link followed.
func lockRunning(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open the lock of the running Haul: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrRunning
		}
		return nil, fmt.Errorf("lock the running Haul: %w", err)
	}
	return f, nil
}

// listenUnix listens on path, in place of a socket a Haul that ended left,
// and makes the socket 0600.
func listenUnix(path string) (net.Listener, error) {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("remove the socket a closed Haul left: %w", err)
	}
	l, err := net.Listen("unix", path)
	if err != nil {
		return nil, fmt.Errorf("listen for other launches of Haul: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		l.Close()
		return nil, fmt.Errorf("keep Haul's socket private: %w", err)
	}
	return l, nil
}

// lockedListener is the socket's listener with the lock that makes it the
// running Haul's; closing it lets the next launch be the running one.
type lockedListener struct {
	net.Listener
	lock *os.File
}

// Accept waits for the next launch of the user's own; a connection from a
// program of another user is closed unread.
func (l *lockedListener) Accept() (net.Conn, error) {
	for {
		conn, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if checkPeer(conn) == nil {
			return conn, nil
		}
		conn.Close()
	}
}

// Close stops listening, then lets the lock go.
func (l *lockedListener) Close() error {
	err := l.Listener.Close()
	if lerr := l.lock.Close(); err == nil {
		err = lerr
	}
	return err
}

// dial connects to the Unix socket path, and hangs up before a word is
// sent when the program listening there runs as another user
// (ErrAnotherUser).
func dial(ctx context.Context, path string) (net.Conn, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", path)
	if err != nil {
		return nil, err
	}
	if err := checkPeer(conn); err != nil {
		conn.Close()
		return nil, err
	}
	return conn, nil
}
