package downloader

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"haul/downloader/transfer"
)

// answerVerdict recognises failures of the answer itself that no new try
// can mend: an untrusted certificate, an answer that is not HTTP, headers
// too large to read, a proxy that refuses the tunnel. It reports false for
// any other error, and for an answer that is not HTTP on a connection that
// had carried an earlier answer: most likely the rest of that answer, which
// a new connection mends (see transfer.ErrReusedConnection).
func answerVerdict(err error, host string) (verdict, bool) {
	var certErr *tls.CertificateVerificationError
	var recordErr tls.RecordHeaderError
	switch {
	case transfer.StrayAnswer(err):
		return verdict{}, false
	case errors.As(err, &certErr):
		return verdict{err: &ItemError{Kind: ErrCertificate, Reason: ReasonCertificate, Host: host,
			Detail: certificateCause(certErr.Err), Err: err}}, true
	case errors.As(err, &recordErr), malformedAnswer(err.Error()):
		return verdict{err: &ItemError{Kind: ErrNotHTTP, Reason: ReasonNotHTTPAnswer, Host: host, Err: err}}, true
	case strings.Contains(err.Error(), "server response headers exceeded"):
		return verdict{err: &ItemError{Kind: ErrHeadersTooLarge, Reason: ReasonHeadersTooLarge, Host: host, Err: err}}, true
	}
	var bigErr *transfer.TooLargeError
	if errors.As(err, &bigErr) {
		return tooLarge(bigErr.Limit), true
	}
	var proxyErr *proxyRefusedError
	if errors.As(err, &proxyErr) {
		return verdict{err: &ItemError{Kind: ErrProxyRefused, Reason: ReasonProxyRefused, Host: host,
			Detail: proxyErr.status, Err: err}}, true
	}
	return verdict{}, false
}

// malformedAnswer says an error's text is Go's for an answer that breaks
// HTTP itself: not HTTP at all, HTTP to an https link, a length that is no
// length or given twice, a redirect to an address that cannot be read.
func malformedAnswer(text string) bool {
	for _, sign := range []string{"malformed HTTP", "server gave HTTP response to HTTPS client",
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

// maxHeaderBytes bounds the headers of an answer; real sites send a few kilobytes.
const maxHeaderBytes = 1 << 20

// guardAnswers sets the transport's checks whose failures answerVerdict
// explains: headers too large, and a proxy refusing the tunnel.
func guardAnswers(tr *http.Transport) {
	tr.MaxResponseHeaderBytes = maxHeaderBytes
	tr.OnProxyConnectResponse = checkTunnel
}

// proxyRefusedError is a proxy's refusal to open a tunnel to a site.
type proxyRefusedError struct{ status string }

func (e *proxyRefusedError) Error() string { return "proxy refused the tunnel: " + e.status }

// checkTunnel turns a proxy's answer to a tunnel request other than 200
// into a proxyRefusedError, which a new try cannot mend.
func checkTunnel(_ context.Context, _ *url.URL, _ *http.Request, resp *http.Response) error {
	if resp.StatusCode != http.StatusOK {
		return &proxyRefusedError{status: resp.Status}
	}
	return nil
}
