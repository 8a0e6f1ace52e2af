package network

import (
	"net/url"
	"strings"
)

// headersGoTo says whether headers the user gave for the address given
// may be sent to target: only to the same host and port, or from http to
// https on the same host (each on its scheme's own port); never to another
// host, and never from https down to http.
func headersGoTo(given, target *url.URL) bool {
	if !strings.EqualFold(given.Hostname(), target.Hostname()) {
		return false
	}
	from, to := strings.ToLower(given.Scheme), strings.ToLower(target.Scheme)
	switch {
	case from == to:
		return effectivePort(given) == effectivePort(target)
	case from == "http" && to == "https":
		return given.Port() == "" && target.Port() == ""
	}
	return false
}

// userHeadersGoTo is headersGoTo for the address given written out; ""
// stands for the target itself, and an address that does not parse is
// given no headers.
func userHeadersGoTo(given string, target *url.URL) bool {
	if given == "" {
		return true
	}
	u, err := url.Parse(given)
	return err == nil && headersGoTo(u, target)
}
