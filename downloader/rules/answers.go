package rules

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/http"
	"strings"

	"haul/downloader/itemstate"
	"haul/downloader/transfer"
)

// answerVerdict recognises failures of the answer itself that no new try
// can mend: an untrusted certificate, an answer that is not HTTP, headers
// too large to read, a body over the size limit or not encoded as it says,
// a proxy that refuses the tunnel. It reports false for
// any other error, and for an answer that is not HTTP on a connection that
// had carried an earlier answer: most likely the rest of that answer, which
// a new connection mends (see transfer.ErrReusedConnection).
func answerVerdict(err error, host string) (Verdict, bool) {
	var certErr *tls.CertificateVerificationError
	var recordErr tls.RecordHeaderError
	switch {
	case transfer.StrayAnswer(err):
		return Verdict{}, false
	case errors.As(err, &certErr):
		return Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrCertificate, Reason: itemstate.ReasonCertificate, Host: host,
			Detail: certificateCause(certErr.Err), Err: err}}, true
	case errors.As(err, &recordErr), errors.Is(err, http.ErrSchemeMismatch), malformedAnswer(err.Error()):
		return Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrNotHTTP, Reason: itemstate.ReasonNotHTTPAnswer, Host: host, Err: err}}, true
	case strings.Contains(err.Error(), "server response headers exceeded"):
		return Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrHeadersTooLarge, Reason: itemstate.ReasonHeadersTooLarge, Host: host, Err: err}}, true
	}
	var bigErr *transfer.TooLargeError
	if errors.As(err, &bigErr) {
		return tooLarge(bigErr.Limit), true
	}
	var decodeErr *transfer.DecodeError
	if errors.As(err, &decodeErr) {
		return Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrServer, Reason: itemstate.ReasonBadEncoding, Host: host,
			Detail: decodeErr.Encoding, Err: err}}, true
	}
	var proxyErr *ProxyRefusedError
	if errors.As(err, &proxyErr) {
		return Verdict{Err: &itemstate.ItemError{Kind: itemstate.ErrProxyRefused, Reason: itemstate.ReasonProxyRefused, Host: host,
			Detail: proxyErr.Status, Err: err}}, true
	}
	return Verdict{}, false
}

// malformedAnswer says an error's text is Go's for an answer that breaks
// HTTP itself: not HTTP at all, a length that is no length or given twice,
// a redirect to an address that cannot be read. Go gives these no type of
// their own; the answer in plain HTTP to an https link has one
// (http.ErrSchemeMismatch) and is matched by it.
func malformedAnswer(text string) bool {
	for _, sign := range []string{"malformed HTTP",
		"bad Content-Length", "multiple Content-Length headers", "failed to parse Location header"} {
		if strings.Contains(text, sign) {
			return true
		}
	}
	return false
}

// The causes of an untrusted certificate, given as the Detail of ReasonCertificate.
const (
	CertificateUnknownAuthority = "unknown-authority"
	CertificateWrongName        = "wrong-name"
	CertificateExpired          = "expired"
	CertificateInvalid          = "invalid"
)

// certificateCause says what is wrong with a certificate.
func certificateCause(err error) string {
	var unknown x509.UnknownAuthorityError
	var name x509.HostnameError
	var invalid x509.CertificateInvalidError
	switch {
	case errors.As(err, &unknown):
		return CertificateUnknownAuthority
	case errors.As(err, &name):
		return CertificateWrongName
	case errors.As(err, &invalid) && invalid.Reason == x509.Expired:
		return CertificateExpired
	}
	return CertificateInvalid
}

// ProxyRefusedError is a proxy's refusal to open a tunnel to a site, which
// a new try cannot mend.
type ProxyRefusedError struct {
	// Status is the proxy's status line.
	Status string
}

func (e *ProxyRefusedError) Error() string { return "proxy refused the tunnel: " + e.Status }
