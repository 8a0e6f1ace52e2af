//go:build !windows && !linux && !darwin && !freebsd && !dragonfly

package instance

import "net"

// peerUser cannot ask this system who is at the other end of a socket:
// the socket's 0600 file in a 0700 folder of the user's own is what keeps
// other users out.
func peerUser(net.Conn) (uint32, error) { return 0, errNoPeerCredentials }
