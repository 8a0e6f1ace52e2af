//go:build !linux

package cookies

import "errors"

// systemKeyring is only used on Linux; elsewhere Chromium cookies are not read.
func systemKeyring(string) (string, error) {
	return "", errors.New("no keyring support on this system")
}
