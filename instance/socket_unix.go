//go:build !windows

package instance

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"time"
)

// listen listens on the Unix socket path, made 0600 in a 0700 folder.
func listen(path string) (net.Listener, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("make the folder for Haul's socket: %w", err)
	}
	if err := os.Chmod(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("keep the folder for Haul's socket private: %w", err)
	}
	if conn, err := net.DialTimeout("unix", path, time.Second); err == nil {
		conn.Close()
		return nil, ErrRunning
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("remove the socket a closed Haul left: %w", err)
	}
	l, err := net.Listen("unix", path)
	if err != nil {
		if isAddrInUse(err) {
			return nil, ErrRunning
		}
		return nil, fmt.Errorf("listen for other launches of Haul: %w", err)
	}
	if err := os.Chmod(path, 0o600); err != nil {
		l.Close()
		return nil, fmt.Errorf("keep Haul's socket private: %w", err)
	}
	return l, nil
}

// isAddrInUse says whether err is a socket address in use.
func isAddrInUse(err error) bool {
	var se *os.SyscallError
	return errors.As(err, &se) && se.Syscall == "bind"
}

// dial connects to the Unix socket path.
func dial(ctx context.Context, path string) (net.Conn, error) {
	var d net.Dialer
	return d.DialContext(ctx, "unix", path)
}
