//go:build !windows

package instance

import (
	"errors"
	"fmt"
	"net"
	"syscall"
)

// control runs f on the descriptor of the Unix socket conn.
func control(conn net.Conn, f func(fd int) error) error {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return errors.New("not a socket")
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return err
	}
	var ferr error
	if err := raw.Control(func(fd uintptr) { ferr = f(int(fd)) }); err != nil {
		return err
	}
	return ferr
}

// errNoPeerCredentials says the system cannot tell who is at the other
// end of a socket.
var errNoPeerCredentials = errors.New("this system cannot say who is at the other end of a socket")

// checkPeer refuses a program at the other end of conn that runs as
// another user: a listener another user planted under Haul's name, which
// would receive the user's links and cookies, or a launch of another
// user's, which must not hand this user's Haul anything.
func checkPeer(conn net.Conn) error {
	uid, err := peerUser(conn)
	switch {
	case errors.Is(err, errNoPeerCredentials):
		return nil // the private folder is the check there
	case err != nil:
		return err
	}
	if uid != userID() {
		return fmt.Errorf("%w (user %d)", ErrAnotherUser, uid)
	}
	return nil
}
