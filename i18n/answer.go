package i18n

import (
	"github.com/dustin/go-humanize"

	"haul/downloader"
)

// answerText words the reasons about an answer no new try can mend or that
// the system could not take in: an untrusted certificate, an answer that is
// not HTTP, headers too large, a refused proxy tunnel, an empty answer, a
// file over the size limit, too many open files, a file that changed, a
// body not encoded as it says, bytes that are no picture.
func answerText(t Translator, e *downloader.ItemError) (string, bool) {
	d := Data{"Host": e.Host, "Detail": e.Detail}
	switch e.Reason {
	case downloader.ReasonCertificate:
		d["Cause"] = certificateCause(t, e.Detail)
		return t.X("reason.certificate", d), true
	case downloader.ReasonNotHTTPAnswer:
		return t.X("reason.nothttpanswer", d), true
	case downloader.ReasonHeadersTooLarge:
		return t.X("reason.headerstoolarge", d), true
	case downloader.ReasonProxyRefused:
		return t.X("reason.proxyrefused", d), true
	case downloader.ReasonEmptyBody:
		return t.X("reason.emptybody", nil), true
	case downloader.ReasonEmptyFile:
		return t.X("reason.emptyfile", nil), true
	case downloader.ReasonTooLarge:
		return t.X("reason.toolarge", Data{"Size": humanize.Bytes(uint64(max(e.Size, 0)))}), true
	case downloader.ReasonTooManyOpen:
		return t.X("reason.toomanyopen", nil), true
	case downloader.ReasonChanged:
		return t.X("reason.changed", nil), true
	case downloader.ReasonBadEncoding:
		return t.X("reason.badencoding", d), true
	case downloader.ReasonNotPicture:
		if e.Detail != "" {
			return t.X("reason.notpicture.encoded", d), true
		}
		return t.X("reason.notpicture", nil), true
	}
	return "", false
}

// certificateCause says what is wrong with a site's certificate.
func certificateCause(t Translator, cause string) string {
	switch cause {
	case downloader.CertificateUnknownAuthority:
		return t.X("reason.certificate.unknownauthority", nil)
	case downloader.CertificateWrongName:
		return t.X("reason.certificate.wrongname", nil)
	case downloader.CertificateExpired:
		return t.X("reason.certificate.expired", nil)
	}
	return t.X("reason.certificate.invalid", nil)
}
