package instance

import (
	"fmt"
	"net"

	"golang.org/x/sys/unix"
)

// peerUser is the user of the program at the other end of the Unix socket
// conn, as the system vouches for it (SO_PEERCRED): the one that connected,
// or the one that listens.
func peerUser(conn net.Conn) (uint32, error) {
	var cred *unix.Ucred
	err := control(conn, func(fd int) (err error) {
		cred, err = unix.GetsockoptUcred(fd, unix.SOL_SOCKET, unix.SO_PEERCRED)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("ask who is at the other end of Haul's socket: %w", err)
	}
	return cred.Uid, nil
}
