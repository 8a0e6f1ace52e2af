package naming

import "testing"

// dispositionCases pair Content-Disposition headers with the name a browser
// gives. Most come from the public test tables of Chromium
// (net/http/http_content_disposition_unittest.cc) and Firefox
// (netwerk/test/unit/test_MIME_params.js), which share Julian Reschke's
// tc2231 cases; where the two browsers differ, Chromium's answer is used.
// The rest are headers seen from real servers. The name is before
// sanitizing: FromResponse still strips paths and unsafe characters.
var dispositionCases = []struct {
	class, header, want string
}{
	// RFC 6266 itself.
	{"rfc6266", `inline; filename="abcde.pdf"`, "abcde.pdf"},
	{"rfc6266", `attachment; filename=abcde.pdf`, "abcde.pdf"},
	{"rfc6266", `attachment; FILENAME="foo.html"`, "foo.html"},
	{"rfc6266", `ATTACHMENT; filename="foo.html"`, "foo.html"},
	{"rfc6266", `attachment; foo="bar"; filename="foo.html"`, "foo.html"},
	{"rfc6266", `attachment; filename="Here's a semicolon;.html"`, "Here's a semicolon;.html"},
	{"rfc6266", `attachment; filename =foo.html`, "foo.html"},
	{"rfc6266", "filename \t\t  =abcde.pdf", "abcde.pdf"},
	{"rfc6266", `attachment; filename="/foo.html"`, "/foo.html"},
	{"rfc6266", `attachment; filename='foo.bar'`, "'foo.bar'"},
	{"rfc6266", `attachment; filename="50%.html"`, "50%.html"},
	{"rfc6266", `attachment`, ""},
	{"rfc6266", `inline; name="abcde.pdf"`, ""},
	{"rfc6266", `attachment; xfilename=foo.html`, ""},
	{"rfc6266", `attachment; example="filename=example.txt"`, ""},
	{"rfc6266", `attachment; name="foo"; filename="bar"`, "bar"},
	{"rfc6266", `attachment; inline; filename=foo.html`, ""},
	{"rfc6266", `attachment; foo=foo filename=bar`, ""},
	// filename* (RFC 5987/8187) in UTF-8, winning over filename.
	{"filename*", `attachment; filename*=UTF-8''foo-%c3%a4-%e2%82%ac.html`, "foo-ä-€.html"},
	{"filename*", `attachment; filename*=utf-8'en'%E5%B2%A1%E3%80%80%E5%B2%A1.txt`, "岡\u3000岡.txt"},
	{"filename*", `attachment; filename*=UTF-8''foo-a%cc%88.html`, "foo-ä.html"},
	{"filename*", `attachment; filename="foo-ae.html"; filename*=UTF-8''foo-%c3%a4.html`, "foo-ä.html"},
	{"filename*", `attachment; filename*=UTF-8''foo-%c3%a4.html; filename="foo-ae.html"`, "foo-ä.html"},
	{"filename*", `attachment; filename*= UTF-8''foo-%c3%a4.html`, "foo-ä.html"},
	{"filename*", `attachment; filename* =UTF-8''foo-%c3%a4.html`, "foo-ä.html"},
	{"filename*", `attachment; filename*=utf-8''%F0%90%8C%B0 3.png`, "\U00010330 3.png"},
	{"filename*", `attachment; filename*="UTF-8''foo-%c3%a4.html"`, "foo-ä.html"},
	{"filename*", `attachment; filename*="UTF-8''foo-%c3%a4.html"; filename="foo-ae.html"`, "foo-ae.html"},
	{"filename*", `attachment; filename *=UTF-8''foo-%c3%a4.html`, ""},
	{"filename*", `attachment; filename*=''foo-%c3%a4-%e2%82%ac.html`, ""},
	{"filename*", `attachment; filename*=foo.html`, ""},
	{"filename*", `attachment; filename*=''foo'.html`, ""},
	{"filename*", `attachment; filename*=bogus_charset''foo.html'`, ""},
	{"filename*", "attachment; filename*=utf-8'es'f\xce\xba.html", ""},
	{"filename*", `attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf; filename="report.pdf"`, "报告.pdf"},
	// filename* in other charsets.
	{"charset", `attachment; filename*=iso-8859-1''foo-%E4.html`, "foo-ä.html"},
	{"charset", `attachment; filename*=ISO-8859-1''caf%E9.jpg; filename="cafe.jpg"`, "café.jpg"},
	{"charset", `attachment; filename*=windows-1252''caf%E9.png`, "café.png"},
	{"charset", `attachment; filename*=windows-1252''%80 rate.txt`, "€ rate.txt"},
	{"charset", `inline; filename*=iso88591''cafe foo.png`, "cafe foo.png"},
	{"charset", `attachment; filename*=EUC-JP''%B7%DD%BD%D13%2Epng`, "芸術3.png"},
	{"charset", `inline; filename*=Euc-Kr'ko'%BF%B9%BC%FA%2Epng`, "예술.png"},
	{"charset", `attachment; filename*=GBK''%B1%A8%B8%E6.pdf`, "报告.pdf"},
	{"charset", `attachment; filename*=gb2312''%D5%D5%C6%AC.jpg`, "照片.jpg"},
	// Percent-encoded UTF-8 in a plain filename.
	{"percent", `attachment; filename="%EC%98%88%EC%88%A0%20%EC%98%88%EC%88%A0.jpg"`, "예술 예술.jpg"},
	{"percent", `attachment; filename=%E5%B2%A1%E3%80%80%E5%B2%A1.txt`, "岡\u3000岡.txt"},
	{"percent", `inline; filename="abc%20de.pdf"`, "abc de.pdf"},
	{"percent", `attachment; filename="foo-%41.html"`, "foo-A.html"},
	{"percent", `attachment; filename="foo-%c3%a4-%e2%82%ac.html"`, "foo-ä-€.html"},
	{"percent", `attachment; filename=%E7%85%A7%E7%89%87%20%281%29.jpg`, "照片 (1).jpg"},
	{"percent", `attachment; filename=%EC%98%88%EC%88%A`, ""},
	{"percent", `attachment; filename=%B7%DD%BD%D1.png`, ""},
	// No disposition type.
	{"no type", `filename=abcde.pdf`, "abcde.pdf"},
	{"no type", `filename="a.jpg"`, "a.jpg"},
	{"no type", `; filename=foo.html`, "foo.html"},
	{"no type", `x=y; filename=foo.html`, "foo.html"},
	{"no type", `filename=foo.html; attachment`, "foo.html"},
	{"no type", `"inline"; filename="q.jpg"`, ""},
	// Unquoted values with spaces and commas, and broken quoting.
	{"unquoted", `attachment; filename=abc,de.pdf`, "abc,de.pdf"},
	{"unquoted", `attachment; filename=foo bar.html`, "foo bar.html"},
	{"unquoted", `attachment; filename=My Holiday, 2024.jpg`, "My Holiday, 2024.jpg"},
	{"unquoted", `filename=foo.html, filename=bar.html`, "foo.html, filename=bar.html"},
	{"unquoted", `attachment; filename=foo.html ;`, "foo.html"},
	{"unquoted", `attachment; ;filename=foo`, "foo"},
	{"unquoted", `attachment; filename=foo[1](2).html`, "foo[1](2).html"},
	{"unquoted", `filename="abcdef.pdf`, "abcdef.pdf"},
	{"unquoted", `attachment; filename="foo.html".txt`, `foo.html".txt`},
	{"unquoted", `attachment; filename=foo"bar;baz"qux`, `foo"bar;baz"qux`},
	{"unquoted", "inline; filename=\"abc  \t\nde.pdf\"", "abc    de.pdf"},
	// Raw UTF-8 (and other raw bytes) where HTTP expects Latin-1.
	{"raw bytes", "attachment; filename=\"foo-\xc3\xa4.html\"", "foo-ä.html"},
	{"raw bytes", "attachment; filename=foo-\xc3\xa4.html", "foo-ä.html"},
	{"raw bytes", "attachment; filename=\"\xe7\x85\xa7\xe7\x89\x87.jpg\"", "照片.jpg"},
	{"raw bytes", "attachment; filename=caf\xe9.png", "café.png"},
	{"raw bytes", "attachment; filename=\"foo-\xe4.html\"", "foo-ä.html"},
	// Backslash escapes.
	{"escapes", `attachment; filename="f\oo.html"`, "foo.html"},
	{"escapes", `attachment; filename="\"quoting\" tested.html"`, `"quoting" tested.html`},
	{"escapes", `attachment; foo="\"\\";filename="foo.html"`, "foo.html"},
	{"escapes", `attachment; filename="\\foo.html"`, `\foo.html`},
	{"escapes", `attachment; filename="foo-%\41.html"`, "foo-A.html"},
	// RFC 2047 encoded words.
	{"rfc2047", `attachment; filename="=?utf-8?Q?=E8=8A=B8=E8=A1=93_3=2Epng?="`, "芸術 3.png"},
	{"rfc2047", `attachment; filename==?eUc-Kr?b?v7m8+iAzLnBuZw==?=`, "예술 3.png"},
	{"rfc2047", `inline; filename="=?iso88591?Q?caf=E9_?= .png"`, "café .png"},
	{"rfc2047", `attachment; filename="=?windows-1252?Q?caf=E9?=  =?iso-8859-7?b?4eI=?= .png"`, "caféαβ.png"},
	{"rfc2047", `attachment; filename="=?UTF-8?B?5oql5ZGKLnBkZg==?="`, "报告.pdf"},
	{"rfc2047", `attachment; filename==?iso88591?Q?caf=E3?`, ""},
	{"rfc2047", `attachment; filename==?windows-1252?Q?=63=61=E?=`, ""},
	// The same name twice: the first usable one wins.
	{"twice", `attachment; filename="foo.html"; filename="bar.html"`, "foo.html"},
	{"twice", `attachment; filename=%B7%DD.png; filename="second.png"`, "second.png"},
	{"twice", `attachment; filename*=UTF-8''one.txt; filename*=UTF-8''two.txt`, "one.txt"},
	// Firefox's own cases (test_MIME_params.js), where Chromium agrees.
	{"firefox", `attachment; filename=basic; filename*=UTF-8''extended`, "extended"},
	{"firefox", `attachment; filename=first; filename=wrong`, "first"},
	{"firefox", `filename=old`, "old"},
	{"firefox", `attachment; filename*0=foo; filename*1=bar; filename=basic`, "basic"},
	{"firefox", "attachment;filename=IT839\x04\xB5(m8)2.pdf;", "IT839\x04µ(m8)2.pdf"},
	{"firefox", `attachment; filename="a\"b"`, `a"b`},
	{"firefox", `attachment; filename=""`, ""},
	{"firefox", `attachment; filename=foo; trouble`, "foo"},
	{"firefox", `attachment filename=foo`, ""},
	{"firefox", `attachment; filename*=ISO-8859-1''%c3%a4`, "Ã¤"},
	{"firefox", `attachment; filename*=ISO-8859-1''%e2%82%ac`, "â‚¬"},
	{"firefox", `attachment; filename*=UTF-8''A%e4B; filename=fallback`, "fallback"},
	{"firefox", `attachment; filename*=ISO-8859-1''currency-sign%3d%a4; filename*0*=ISO-8859-15''euro-sign%3d%a4`, "currency-sign=¤"},
	{"firefox", `attachment; filename*="a%20b"`, "a b"},
}

func TestDispositionName(t *testing.T) {
	for _, tc := range dispositionCases {
		if got := dispositionName(tc.header); got != tc.want {
			t.Errorf("%s: dispositionName(%q) = %q, want %q", tc.class, tc.header, got, tc.want)
		}
	}
}
