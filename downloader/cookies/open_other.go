//go:build !unix

package cookies

import "os"

// openFlags opens for reading; Windows has no named pipes in the file
// system to wait on.
const openFlags = os.O_RDONLY
