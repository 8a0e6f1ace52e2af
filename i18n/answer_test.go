package i18n

import (
	"bytes"
	"strings"
	"testing"

	"golang.org/x/text/language"

	"haul/downloader"
)

// TestAnswerFailuresNameTheirCause: each failure of an answer that no new
// try can mend is put into words that name its cause, in both languages,
// and the CSV report carries those words.
func TestAnswerFailuresNameTheirCause(t *testing.T) {
	tests := []struct {
		err    downloader.ItemError
		en, zh string
	}{
		{downloader.ItemError{Reason: downloader.ReasonCertificate, Host: "a.example", Detail: downloader.CertificateUnknownAuthority},
			"security certificate is not trusted (it is signed by an unknown authority)", "安全证书不受信任（证书由未知的机构签发）"},
		{downloader.ItemError{Reason: downloader.ReasonCertificate, Host: "a.example", Detail: downloader.CertificateExpired},
			"(it has expired or is not valid yet)", "证书已过期"},
		{downloader.ItemError{Reason: downloader.ReasonCertificate, Host: "a.example", Detail: downloader.CertificateWrongName},
			"made for another site name", "另一个网站名称"},
		{downloader.ItemError{Reason: downloader.ReasonCertificate, Host: "a.example"}, "(it is not valid)", "证书无效"},
		{downloader.ItemError{Reason: downloader.ReasonNotHTTPAnswer, Host: "a.example"}, "a.example did not answer like a web server", "不是 HTTP"},
		{downloader.ItemError{Reason: downloader.ReasonHeadersTooLarge, Host: "a.example"}, "headers too large", "响应头过大"},
		{downloader.ItemError{Reason: downloader.ReasonProxyRefused, Host: "a.example", Detail: "403 Forbidden"},
			"The proxy refused to connect to a.example (403 Forbidden)", "代理服务器拒绝连接到 a.example"},
		{downloader.ItemError{Reason: downloader.ReasonEmptyBody}, "empty answer", "空内容"},
		{downloader.ItemError{Reason: downloader.ReasonTooLarge, Size: 10_000_000}, "size limit (10 MB)", "大小上限（10 MB）"},
		{downloader.ItemError{Reason: downloader.ReasonTooManyOpen}, "Too many files were open", "打开的文件太多"},
		{downloader.ItemError{Reason: downloader.ReasonChanged}, "The file changed on the site", "文件发生了变化"},
		{downloader.ItemError{Reason: downloader.ReasonBadEncoding, Host: "a.example", Detail: "br"},
			"a.example said it sent the file compressed as “br”, but its bytes are not", "a.example 声称文件以“br”压缩发送"},
		{downloader.ItemError{Reason: downloader.ReasonNotPicture}, "data that is not a picture", "不是图片"},
		{downloader.ItemError{Reason: downloader.ReasonNotPicture, Detail: "compress"}, "compressed as “compress”, which Haul cannot undo", "以“compress”压缩，Haul 无法解压"},
	}
	en, zh := printer(t, language.English), printer(t, Chinese)
	for _, tt := range tests {
		t.Run(string(tt.err.Reason)+"/"+tt.err.Detail, func(t *testing.T) {
			if got := Failure(en, &tt.err); !strings.Contains(got, tt.en) {
				t.Errorf("English %q does not contain %q", got, tt.en)
			}
			if got := Failure(zh, &tt.err); !strings.Contains(got, tt.zh) {
				t.Errorf("Chinese %q does not contain %q", got, tt.zh)
			}
		})
	}
	item := downloader.ItemSnapshot{URL: "https://a.example/p.jpg", State: downloader.Failed, Attempts: 1,
		Err: &downloader.ItemError{Kind: downloader.ErrCertificate, Reason: downloader.ReasonCertificate, Host: "a.example",
			Detail: downloader.CertificateUnknownAuthority}}
	var report bytes.Buffer
	if err := downloader.WriteReport(&report, []downloader.ItemSnapshot{item}, ReportOptions(en, false, false)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(report.String(), "security certificate is not trusted") || !strings.Contains(report.String(), ",certificate") {
		t.Errorf("the CSV report does not explain the certificate:\n%s", report.String())
	}
}
