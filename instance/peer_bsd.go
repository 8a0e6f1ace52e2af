//go:build darwin || freebsd || dragonfly

package instance

import (
	"fmt"
	"net"

	"golang.org/x/sys/unix"
)

// peerUser is the user of the program at the other end of the Unix socket
// conn, as the system vouches for it (LOCAL_PEERCRED).
func peerUser(conn net.Conn) (uint32, error) {
	var cred *unix.Xucred
	err := control(conn, func(fd int) (err error) {
		cred, err = unix.GetsockoptXucred(fd, unix.SOL_LOCAL, unix.LOCAL_PEERCRED)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("ask who is at the other end of Haul's socket: %w", err)
	}
	return cred.Uid, nil
}
