package i18n

import (
	"testing"

	"golang.org/x/text/language"

	"haul/downloader"
	"haul/downloader/links"
)

func TestFullListInBothLanguages(t *testing.T) {
	en, zh := printer(t, language.English), printer(t, Chinese)
	cut := downloader.Note{Kind: downloader.NotePage, Count: 250_000, NotAdded: 50_001}
	tests := []struct{ got, want string }{
		{LinkReason(en, links.ReasonListFull), "the list is full: it holds the 200,000 links Haul takes at once"},
		{LinkReason(zh, links.ReasonListFull), "列表已满：已有 Haul 一次容纳的上限 200,000 个链接"},
		{SkipNote(en, cut), "Web page: 250,000 pictures found on it, 50,001 of them not added: the list was full (200,000 links)"},
		{SkipNote(zh, cut), "网页：找到 250,000 张图片，其中 50,001 张未添加：列表已满（200,000 个链接）"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got  %q\nwant %q", tt.got, tt.want)
		}
	}
}
