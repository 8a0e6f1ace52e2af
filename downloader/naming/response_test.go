package naming

import (
	"net/url"
	"testing"
)

// responseCases describe responses and the name they should give; they
// also seed FuzzFromResponse.
var responseCases = []struct {
	name, disposition, rawURL, contentType, want string
}{
	{"URL segment", "", "https://example.com/pics/cat.jpg", "image/jpeg", "cat.jpg"},
	{"disposition filename", `attachment; filename="report.pdf"`, "https://example.com/get", "application/pdf", "report.pdf"},
	{"inline disposition", `inline; filename=photo.png`, "https://example.com/get", "", "photo.png"},
	{"encoded filename*", `attachment; filename*=UTF-8''%E2%82%AC%20rates.jpg`, "https://example.com/x", "", "€ rates.jpg"},
	{"filename* traversal", `attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, "https://example.com/x", "", "passwd"},
	{"filename traversal", `attachment; filename="../../../evil.sh"`, "https://example.com/x", "", "evil.sh"},
	{"filename* wins after filename", `attachment; filename="plain.jpg"; filename*=UTF-8''fancy%20%C3%A9.jpg`, "https://example.com/x", "", "fancy é.jpg"},
	{"filename* wins before filename", `attachment; filename*=utf-8'en'fancy%20%C3%A9.jpg; filename="plain.jpg"`, "https://example.com/x", "", "fancy é.jpg"},
	{"Latin-1 filename* wins", `attachment; filename*=ISO-8859-1''caf%E9.jpg; filename="cafe.jpg"`, "https://example.com/x", "", "café.jpg"},
	{"unknown charset falls back to filename", `attachment; filename*=x-unknown''caf%E9.jpg; filename="cafe.jpg"`, "https://example.com/x", "", "cafe.jpg"},
	{"unterminated quote", `attachment; filename="unterminated`, "https://example.com/pics/cat.jpg", "", "unterminated"},
	{"undecodable disposition", `attachment; filename=%B7%DD.png`, "https://example.com/pics/cat.jpg", "", "cat.jpg"},
	{"disposition without type", `filename="a.jpg"`, "https://example.com/pics/cat.jpg", "", "a.jpg"},
	{"duplicate filename: the first wins", `attachment; filename="a.jpg"; filename="b.jpg"`, "https://example.com/pics/cat.jpg", "", "a.jpg"},
	{"percent-encoded traversal", `attachment; filename=..%2F..%2Fevil.sh`, "https://example.com/x", "", "evil.sh"},
	{"backslash traversal", `attachment; filename="..\\..\\evil.bat"`, "https://example.com/x", "", "evil.bat"},
	{"encoded-word traversal", `attachment; filename="=?UTF-8?Q?=2E=2E=2Fetc=2Fpasswd?="`, "https://example.com/x", "", "passwd"},
	{"GBK name", `attachment; filename*=GBK''%D5%D5%C6%AC.jpg`, "https://example.com/x", "", "照片.jpg"},
	{"Windows-reserved characters", `attachment; filename="a:b*c?.jpg"`, "https://example.com/x", "", "a_b_c_.jpg"},
	{"disposition without filename", `attachment`, "https://example.com/pics/cat.jpg", "", "cat.jpg"},
	{"disposition name of dots", `attachment; filename=".."`, "https://example.com/pics/cat.jpg", "", "cat.jpg"},
	{"disposition device name gets type extension", `attachment; filename="CON"`, "https://example.com/x", "image/png", "CON_.png"},
	{"disposition NUL and newline", "attachment; filename*=UTF-8''a%00b%0Ac.txt", "https://example.com/x", "", "a_b_c.txt"},
	{"disposition RTL override", "attachment; filename*=UTF-8''invoice%E2%80%AEgpj.exe", "https://example.com/x", "", "invoice_gpj.exe"},
	{"disposition script extension kept", `attachment; filename="report.php"`, "https://example.com/x", "text/html", "report.php"},
	{"disposition name without extension", `attachment; filename="notes"`, "https://example.com/x", "text/plain; charset=utf-8", "notes.txt"},
	{"trailing slash", "", "https://example.com/albums/summer/", "", "summer"},
	{"root path", "", "https://example.com/", "", "download"},
	{"root path with type", "", "https://example.com/", "image/jpeg", "download.jpg"},
	{"no path", "", "https://example.com", "application/octet-stream", "download"},
	{"query string", "", "https://example.com/img.php?id=3", "", "img.php"},
	{"script replaced by image type", "", "https://example.com/img.php?id=3", "image/png", "img.png"},
	{"script replaced by html", "", "https://example.com/view.ASPX?p=1", "text/html; charset=utf-8", "view.html"},
	{"script kept for octet-stream", "", "https://example.com/get.cgi?f=9", "application/octet-stream", "get.cgi"},
	{"script kept for unknown type", "", "https://example.com/get.jsp", "application/x-unknown-thing", "get.jsp"},
	{"missing extension added", "", "https://example.com/photo", "IMAGE/JPEG", "photo.jpg"},
	{"existing extension kept", "", "https://example.com/photo.jpeg", "image/png", "photo.jpeg"},
	{"compound extension kept", "", "https://example.com/src.tar.gz", "application/gzip", "src.tar.gz"},
	{"octet-stream adds nothing", "", "https://example.com/blob", "application/octet-stream", "blob"},
	{"percent-encoded name", "", "https://example.com/caf%C3%A9.jpg", "", "café.jpg"},
	{"encoded dot dot", "", "https://example.com/a/%2e%2e", "", "download"},
	{"encoded traversal in segment", "", "https://example.com/a/%2e%2e%2fetc%2fpasswd", "", "_etc_passwd"},
	{"encoded backslash traversal", "", "https://example.com/a/..%5C..%5Cwin.ini", "", "_.._win.ini"},
	{"encoded NUL", "", "https://example.com/a%00b.jpg", "", "a_b.jpg"},
	{"encoded invalid UTF-8", "", "https://example.com/a%FFb.jpg", "", "a_b.jpg"},
	{"encoded device name", "", "https://example.com/files/nul.tar.gz", "", "nul_.tar.gz"},
	{"fragment ignored", "", "https://example.com/files/report.pdf?x=1#page=2", "", "report.pdf"},
}

func TestFromResponse(t *testing.T) {
	for _, tc := range responseCases {
		t.Run(tc.name, func(t *testing.T) {
			u, err := url.Parse(tc.rawURL)
			if err != nil {
				t.Fatalf("parse %q: %v", tc.rawURL, err)
			}
			got := FromResponse(tc.disposition, u, tc.contentType)
			if got != tc.want {
				t.Errorf("FromResponse(%q, %q, %q) = %q, want %q", tc.disposition, tc.rawURL, tc.contentType, got, tc.want)
			}
			assertSafeName(t, tc.rawURL, got)
		})
	}
}

func TestFromResponseNilURL(t *testing.T) {
	if got := FromResponse("", nil, "image/gif"); got != "download.gif" {
		t.Errorf("FromResponse with nil URL = %q, want %q", got, "download.gif")
	}
}

func TestFromURL(t *testing.T) {
	tests := []struct {
		rawURL, want string
	}{
		{"https://example.com/files/report.pdf?x=1", "report.pdf"},
		{"https://example.com/img.php?id=3", "img.php"},
		{"https://example.com/", "download"},
		{"https://example.com/%2e%2e/%2e%2e/etc/passwd", "passwd"},
		{"https://example.com/CON", "CON_"},
	}
	for _, tc := range tests {
		u, err := url.Parse(tc.rawURL)
		if err != nil {
			t.Fatalf("parse %q: %v", tc.rawURL, err)
		}
		if got := FromURL(u); got != tc.want {
			t.Errorf("FromURL(%q) = %q, want %q", tc.rawURL, got, tc.want)
		}
	}
}

func TestFromURLMatchesFromResponseWithoutHeaders(t *testing.T) {
	for _, tc := range responseCases {
		u, err := url.Parse(tc.rawURL)
		if err != nil {
			t.Fatalf("parse %q: %v", tc.rawURL, err)
		}
		if got, want := FromURL(u), FromResponse("", u, ""); got != want {
			t.Errorf("FromURL(%q) = %q, FromResponse without headers = %q", tc.rawURL, got, want)
		}
	}
}
