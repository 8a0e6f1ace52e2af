package links

import (
	"reflect"
	"testing"
)

// edgeCases check where a link found in text begins and ends. Most follow
// the test fixtures of linkify-it (github.com/markdown-it/linkify-it), the
// linkifier of markdown-it, restricted to the http, https and www links
// Haul downloads; the rest are Haul's own, including Chinese text, whose
// full-width punctuation ends a link. Links are given as Extract returns
// them: without #fragment, scheme and site name in lower case.
var edgeCases = []struct {
	name, in string
	want     []string
}{
	// From linkify-it's fixtures.
	{"in prose", "My http://example.com site", []string{"http://example.com"}},
	{"trailing slash", "My http://example.com/ site", []string{"http://example.com/"}},
	{"underscores", "http://example.com/foo_bar/", []string{"http://example.com/foo_bar/"}},
	{"user, password and port", "http://user:pass@example.com:8080", []string{"http://user:pass@example.com:8080"}},
	{"markdown links side by side", "[https](https://www.ibm.com)[mailto](mailto:someone@ibm.com)", []string{"https://www.ibm.com"}},
	{"query", "http://example.com/?foo=bar", []string{"http://example.com/?foo=bar"}},
	{"query without path", "http://example.com?foo=bar", []string{"http://example.com?foo=bar"}},
	{"fragment", "http://example.com/#foo=bar", []string{"http://example.com/"}},
	{"upper case", "HTTP://GOOGLE.COM", []string{"http://google.com"}},
	{"local name with digit", "http://inrgess2", []string{"http://inrgess2"}},
	{"markdown quote", ">>http://example.com", []string{"http://example.com"}},
	{"Malayalam", "http://lyricstranslate.com/en/someone-you-നിന്നെ-പോലൊരാള്.html", []string{"http://lyricstranslate.com/en/someone-you-നിന്നെ-പോലൊരാള്.html"}},
	{"question mark after a port", "http://localhost:8000?", []string{"http://localhost:8000"}},
	{"after another word and colon", "text:http://example.com/", []string{"http://example.com/"}},
	{"in parentheses", "(Scoped http://example.com/foo_bar)", []string{"http://example.com/foo_bar"}},
	{"parentheses inside", "http://example.com/foo_bar_(wiki)", []string{"http://example.com/foo_bar_(wiki)"}},
	{"brackets inside", "http://foo.com/blah_blah_[other]", []string{"http://foo.com/blah_blah_[other]"}},
	{"braces inside", "http://foo.com/blah_blah_{I'm_king}", []string{"http://foo.com/blah_blah_{I'm_king}"}},
	{"apostrophe inside", "http://foo.com/blah_blah_I'm_king", []string{"http://foo.com/blah_blah_I'm_king"}},
	{"apostrophe as feet", "http://www.kmart.com/bestway-10'-x-30inch-steel-pro-frame-pool/p-004W007538417001P", []string{"http://www.kmart.com/bestway-10'-x-30inch-steel-pro-frame-pool/p-004W007538417001P"}},
	{"double quotes inside", `http://foo.com/blah_blah_"doublequoted"`, []string{`http://foo.com/blah_blah_"doublequoted"`}},
	{"single quotes inside", "http://foo.com/blah_blah_'singlequoted'", []string{"http://foo.com/blah_blah_'singlequoted'"}},
	{"in parentheses after words", "(Scoped like http://example.com/foo_bar)", []string{"http://example.com/foo_bar"}},
	{"in brackets", "[Scoped like http://example.com/foo_bar]", []string{"http://example.com/foo_bar"}},
	{"in braces", "{Scoped like http://example.com/foo_bar}", []string{"http://example.com/foo_bar"}},
	{"in double quotes", `"Quoted like http://example.com/foo_bar"`, []string{"http://example.com/foo_bar"}},
	{"in single quotes", "'Quoted like http://example.com/foo_bar'", []string{"http://example.com/foo_bar"}},
	{"full stop", "http://example.com/foo_bar.jpg.", []string{"http://example.com/foo_bar.jpg"}},
	{"full stop after slash", "http://example.com/foo_bar/.", []string{"http://example.com/foo_bar/"}},
	{"comma", "http://example.com/foo_bar,", []string{"http://example.com/foo_bar"}},
	{"forum picture code", "[img]https://a.example/1.jpg[/img]", []string{"https://a.example/1.jpg"}},
	{"forum link code", "[url=https://a.example/p]a page[/url]", []string{"https://a.example/p"}},
	{"semicolon between two links", "https://a.example/1.jpg;https://a.example/2.jpg", []string{"https://a.example/1.jpg", "https://a.example/2.jpg"}},
	{"semicolon inside a path", "https://a.example/p;v=2/1.jpg", []string{"https://a.example/p;v=2/1.jpg"}},
	{"dots inside", "https://github.com/markdown-it/linkify-it/compare/360b13a733f521a8d4903d3a5e1e46c357e9d3ce...f580766349525150a80a32987bb47c2d592efc33", []string{"https://github.com/markdown-it/linkify-it/compare/360b13a733f521a8d4903d3a5e1e46c357e9d3ce...f580766349525150a80a32987bb47c2d592efc33"}},
	{"ellipsis", "http://example.com/foo_bar...", []string{"http://example.com/foo_bar"}},
	{"two dots", "http://example.com/foo_bar..", []string{"http://example.com/foo_bar"}},
	{"full stop after query", "http://example.com/foo_bar?p=10.", []string{"http://example.com/foo_bar?p=10"}},
	{"at sign and commas", "https://www.google.ru/maps/@59.9393895,30.3165389,15z?hl=ru", []string{"https://www.google.ru/maps/@59.9393895,30.3165389,15z?hl=ru"}},
	{"plus, comma, colon and bang", "https://www.google.com/maps/place/New+York,+NY,+USA/@40.702271,-73.9968471,11z/data=!4m2!3m1!1s0x89c24fa5d33f083b:0xc80b8f06e177fe62?hl=en", []string{"https://www.google.com/maps/place/New+York,+NY,+USA/@40.702271,-73.9968471,11z/data=!4m2!3m1!1s0x89c24fa5d33f083b:0xc80b8f06e177fe62?hl=en"}},
	{"double commas", "http://business.timesonline.co.uk/article/0,,9065-2473189,00.html", []string{"http://business.timesonline.co.uk/article/0,,9065-2473189,00.html"}},
	{"exclamation mark", "http://example.com/123!", []string{"http://example.com/123"}},
	{"trailing dash", "http://www.bloomberg.com/news/articles/2015-06-26/from-deutsche-bank-to-siemens-what-s-troubling-germany-inc-", []string{"http://www.bloomberg.com/news/articles/2015-06-26/from-deutsche-bank-to-siemens-what-s-troubling-germany-inc-"}},
	{"dash and full stop", "http://example.com/foo-with-trailing-dash-dot-.", []string{"http://example.com/foo-with-trailing-dash-dot-"}},
	{"angle brackets", "<http://domain.com/foo>.", []string{"http://domain.com/foo"}},
	{"symbol in site name", "http://✪df.ws/123", []string{"http://✪df.ws/123"}},
	{"umlauts", "http://www.bürgerentscheid-krankenhäuser.de", []string{"http://www.bürgerentscheid-krankenhäuser.de"}},
	{"nested parentheses in query", "http://example.com/render?target=summarize(deriviative(app.numUsers),%221min%22)&title=New_Users_Per_Minute", []string{"http://example.com/render?target=summarize(deriviative(app.numUsers),%221min%22)&title=New_Users_Per_Minute"}},
	{"nested parentheses", "http://example.com/foo-(with-nested-(parens)).", []string{"http://example.com/foo-(with-nested-(parens))"}},
	{"parentheses then a word", "http://example.com/(foo) (bar)", []string{"http://example.com/(foo)"}},
	{"full-width bars around www", "｜www.google.com/www.google.com/foo｜bar", []string{"https://www.google.com/www.google.com/foo"}},
	{"full-width bars around http", "｜http://google.com｜bar", []string{"http://google.com"}},
	// Haul's own.
	{"single-quoted", "'https://a.example/x.jpg'", []string{"https://a.example/x.jpg"}},
	{"double-quoted", `"https://a.example/x.jpg"`, []string{"https://a.example/x.jpg"}},
	{"braces", "{https://a.example/x.jpg}", []string{"https://a.example/x.jpg"}},
	{"quote in the query", `https://a.example/search?q="cat"&page=2`, []string{`https://a.example/search?q="cat"&page=2`}},
	{"unbalanced quote", `https://a.example/a.jpg" and more`, []string{"https://a.example/a.jpg"}},
	{"emphasis", "*https://a.example/x.jpg*", []string{"https://a.example/x.jpg"}},
	{"ellipsis character", "https://a.example/x.jpg…", []string{"https://a.example/x.jpg"}},
	{"markdown with parentheses in the address", "[a](https://a.example/a_(1).jpg)", []string{"https://a.example/a_(1).jpg"}},
	{"full-width parentheses", "（https://a.example/a.jpg）", []string{"https://a.example/a.jpg"}},
	{"corner brackets", "「https://a.example/图片.jpg」", []string{"https://a.example/图片.jpg"}},
	{"full-width comma and full stop", "链接：https://a.example/a.jpg，还有https://a.example/b.jpg。", []string{"https://a.example/a.jpg", "https://a.example/b.jpg"}},
	{"full-width colon", "https://a.example/a.jpg：说明", []string{"https://a.example/a.jpg"}},
	{"full-width bar between links", "https://a.example/a.jpg｜https://a.example/b.jpg", []string{"https://a.example/a.jpg", "https://a.example/b.jpg"}},
	{"ideographic space", "https://a.example/a.jpg　https://a.example/b.jpg", []string{"https://a.example/a.jpg", "https://a.example/b.jpg"}},
	{"Chinese paragraph",
		"昨天整理了相册，原图在https://img.example.cn/2024/春节/全家福.jpg（大约5MB），缩略图见「https://img.example.cn/thumb/1.jpg」。" +
			"备用地址：www.example.cn/backup/1.jpg｜www.example.cn/backup/2.jpg，如果打不开，请试试“https://b.example.cn/a.png”；谢谢！",
		[]string{"https://img.example.cn/2024/春节/全家福.jpg", "https://img.example.cn/thumb/1.jpg",
			"https://www.example.cn/backup/1.jpg", "https://www.example.cn/backup/2.jpg", "https://b.example.cn/a.png"}},
	// A literal space: encoded as a browser does, never cut short.
	{"space in a list line", "https://a.example/photos/my photo.jpg", []string{"https://a.example/photos/my%20photo.jpg"}},
	{"spaces in a folder and a file", "https://a.example/Summer 2024/beach day 1.jpg", []string{"https://a.example/Summer%202024/beach%20day%201.jpg"}},
	{"space in a quoted attribute", `<img src="https://a.example/a b.jpg" alt="x">`, []string{"https://a.example/a%20b.jpg"}},
	{"space in a single-quoted attribute", `<a href='https://a.example/a b.pdf'>a</a>`, []string{"https://a.example/a%20b.pdf"}},
	{"space in a csv cell", "url,name\nhttps://a.example/a b.jpg,cat\n", []string{"https://a.example/a%20b.jpg"}},
	{"a comment after a link", "https://a.example/a.jpg nice one", []string{"https://a.example/a.jpg"}},
	{"a file name after a link", "https://a.example/a.jpg b.jpg", []string{"https://a.example/a.jpg"}},
	{"prose after a link", "https://a.example/cats are lovely", []string{"https://a.example/cats"}},
	// Words completing a picture's file name in running text join the link;
	// prose, a comment or a name that is no picture does not.
	{"a picture name cut by spaces", "https://site/img/my photo 2.jpg?tag=q", []string{"https://site/img/my%20photo%202.jpg?tag=q"}},
	{"a picture name cut by spaces in prose", "look at https://site/img/my photo 2.jpg?tag=q for the tag.",
		[]string{"https://site/img/my%20photo%202.jpg?tag=q"}},
	{"a picture name ending a sentence", "It is at https://site/img/my photo.png.", []string{"https://site/img/my%20photo.png"}},
	{"prose then a picture name", "see https://a.example/gallery and my cat.jpg there", []string{"https://a.example/gallery"}},
	{"prose then a file that is no picture", "see https://a.example/docs my notes.pdf", []string{"https://a.example/docs"}},
	{"prose with a link after it", "https://a.example/x and https://a.example/y.jpg", []string{"https://a.example/x", "https://a.example/y.jpg"}},
	{"a name with an extension then words", "see https://a.example/a.jpg my photo.jpg", []string{"https://a.example/a.jpg"}},
	// Invisible format characters copied with a link are dropped, as a
	// careful browser reads it; a joiner inside a word stays.
	{"zero width space in a host", "http://ex\u200bample.com/a.jpg", []string{"http://example.com/a.jpg"}},
	{"zero width space in prose", "see http://ex\u200bample.com/a.jpg\u200b now", []string{"http://example.com/a.jpg"}},
	{"soft hyphen and word joiner", "https://photos.ex\u00adample.org/sum\u2060mer.jpg", []string{"https://photos.example.org/summer.jpg"}},
	{"byte order mark and direction marks", "\ufeffhttps://a.example/\u200ex\u202egpj.exe", []string{"https://a.example/xgpj.exe"}},
	{"joiners inside an emoji name", "https://a.example/\U0001F468\u200d\U0001F469\u200d\U0001F467.png",
		[]string{"https://a.example/\U0001F468\u200d\U0001F469\u200d\U0001F467.png"}},
	{"non-joiner inside a Persian host", "https://\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.example/a.jpg",
		[]string{"https://\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.example/a.jpg"}},
}

func TestLinkEdges(t *testing.T) {
	for _, tc := range edgeCases {
		if got := Extract(tc.in).Links; !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: Extract(%q)\n got %q\nwant %q", tc.name, tc.in, got, tc.want)
		}
	}
}

// TestSiteNamesAreReadAsBrowsersReadThem: a site name typed with a
// Chinese or Japanese keyboard (its full stops 。．｡, full-width letters)
// is the site a browser goes to (UTS #46), not cut at its first full
// stop; a full stop that ends a sentence still ends the link.
func TestSiteNamesAreReadAsBrowsersReadThem(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"ideographic full stop", "http://EXAMPLE。COM/a.jpg", []string{"http://example.com/a.jpg"}},
		{"in a Chinese sentence", "图片在http://img。example。com/a.jpg。谢谢", []string{"http://img.example.com/a.jpg"}},
		{"full-width letters and stop", "https://ＥＸＡＭＰＬＥ．ＣＯＭ/a.jpg", []string{"https://example.com/a.jpg"}},
		{"halfwidth stop and a port", "http://example｡com:8080/a.jpg", []string{"http://example.com:8080/a.jpg"}},
		{"a sentence after a site", "看http://example.com。然后", []string{"http://example.com"}},
		{"an international name", "https://例子.中国/图.jpg", []string{"https://例子.中国/图.jpg"}},
		{"an international name in capitals", "https://BÜCHER.example/a.jpg", []string{"https://bücher.example/a.jpg"}},
	}
	for _, tt := range tests {
		if got := Extract(tt.in).Links; !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Extract(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}
