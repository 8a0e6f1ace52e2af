package i18n

import (
	"errors"
	"fmt"
	"io/fs"
	"syscall"
	"testing"
	"time"

	"golang.org/x/text/language"

	"haul/downloader"
	"haul/downloader/links"
	"haul/downloader/pages"
	"haul/downloader/queue"
)

func printer(t *testing.T, tag language.Tag) *Printer {
	t.Helper()
	p, err := NewPrinter(tag)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFailureInBothLanguages(t *testing.T) {
	notFound := &downloader.ItemError{Kind: downloader.ErrHTTP, Reason: downloader.ReasonHTTP, Status: 404}
	tests := []struct {
		name   string
		err    *downloader.ItemError
		en, zh string
	}{
		{"404", notFound,
			"Not found (404): the link is broken or the file was removed.",
			"找不到（404）：链接已失效，或文件已被删除。"},
		{"web page instead of a picture", &downloader.ItemError{Kind: downloader.ErrNotImage, Reason: downloader.ReasonNotImage, Status: 200},
			"The site sent a web page instead of the picture — it may need you to log in, or it blocks direct downloads.",
			"网站发来的是网页，不是图片——可能需要登录，或禁止直接下载。"},
		{"other 4xx", &downloader.ItemError{Reason: downloader.ReasonHTTP, Status: 418},
			"The site refused the download (418 I'm a teapot).", "网站拒绝了下载（418）。"},
		{"host", &downloader.ItemError{Reason: downloader.ReasonRefused, Host: "a.example"},
			"Could not connect to a.example: the connection was refused.", "无法连接 a.example：连接被拒绝。"},
		{"gave up", &downloader.ItemError{Reason: downloader.ReasonHTTP, Status: 503, Tries: 5},
			"The site had a problem (503 Service Unavailable). Try again later — gave up after 5 tries.",
			"网站出了问题（503）。请稍后再试——试了 5 次，仍未成功。"},
		{"asked to wait", &downloader.ItemError{Reason: downloader.ReasonHTTP, Status: 429, Wait: 2 * time.Hour},
			"Too many requests (429): the site kept asking us to slow down. Try again later, or lower the speed. The site asked us to wait 2 h 0 min; try again later.",
			"请求太频繁（429）：网站一直要求放慢速度。请稍后再试，或调低速度。网站要求等待 2 小时 0 分钟，请稍后再试。"},
		{"not started", &downloader.ItemError{Reason: downloader.ReasonDiskFull, Folder: "/d", NotStarted: true},
			"Not started: The disk is full: not enough space in /d. Free some space, then retry.",
			"未开始：磁盘已满：/d 没有足够的空间。请腾出空间，然后重试。"},
		{"old journal", &downloader.ItemError{Kind: downloader.ErrNetwork, Reason: downloader.ReasonConnection},
			"The connection to the site failed.", "与网站的连接失败。"},
	}
	en, zh := printer(t, language.English), printer(t, Chinese)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Failure(en, tt.err); got != tt.en {
				t.Errorf("English:\n got %q\nwant %q", got, tt.en)
			}
			if got := Failure(zh, tt.err); got != tt.zh {
				t.Errorf("Chinese:\n got %q\nwant %q", got, tt.zh)
			}
		})
	}
}

// TestEveryReasonHasWords renders every reason, note, link reason and
// problem, so none falls through to a code or an empty string.
func TestEveryReasonHasWords(t *testing.T) {
	reasons := []downloader.Reason{downloader.ReasonNoFile, downloader.ReasonRedirectLoop, downloader.ReasonRedirectScheme,
		downloader.ReasonStalled, downloader.ReasonCutShort, downloader.ReasonHostUnknown, downloader.ReasonRefused,
		downloader.ReasonSlowAnswer, downloader.ReasonConnection, downloader.ReasonNotHTTP, downloader.ReasonWrongPart,
		downloader.ReasonNoResume, downloader.ReasonNameTaken, downloader.ReasonPageUnreadable, downloader.ReasonDiskFull,
		downloader.ReasonNoPermission, downloader.ReasonDisk, downloader.ReasonPartStuck, downloader.ReasonFileGone, downloader.ReasonUnknown,
		downloader.ReasonCertificate, downloader.ReasonNotHTTPAnswer, downloader.ReasonHeadersTooLarge, downloader.ReasonProxyRefused,
		downloader.ReasonEmptyBody, downloader.ReasonEmptyFile, downloader.ReasonTooLarge, downloader.ReasonTooManyOpen, downloader.ReasonChanged,
		downloader.ReasonBadEncoding, downloader.ReasonNotPicture}
	zh, unknown := printer(t, Chinese), Failure(printer(t, Chinese), &downloader.ItemError{Reason: "no-such-reason"})
	for _, r := range reasons {
		got := Failure(zh, &downloader.ItemError{Reason: r, Host: "h", Folder: "/f", Detail: "d"})
		if got == "" || r != downloader.ReasonUnknown && got == unknown {
			t.Errorf("%s: %q", r, got)
		}
	}
	for _, n := range []downloader.Note{{Kind: downloader.NoteInFolder, Name: "a.jpg"}, {Kind: downloader.NoteSamePicture, Name: "a.jpg"},
		{Kind: downloader.NoteSavedEarlier, Name: "a.jpg"}, {Kind: downloader.NotePage, Count: 3}, {Kind: downloader.NotePage}} {
		if got := SkipNote(zh, n); got == "" {
			t.Errorf("note %+v has no words", n)
		}
	}
	for _, r := range []links.Reason{links.ReasonScheme, links.ReasonNoLink, links.ReasonNoHost, links.ReasonInvalid,
		links.ReasonPort, links.ReasonTooLong, links.ReasonRelative, links.ReasonEmpty, links.ReasonDuplicate} {
		if got := LinkReason(zh, r); got == string(r) {
			t.Errorf("link reason %s has no words", r)
		}
	}
}

func TestProblemsInChinese(t *testing.T) {
	zh := printer(t, Chinese)
	start := fmt.Errorf("find images on x: %w", &pages.Problem{Page: "https://a.example/g", Kind: pages.ProblemUnreadable,
		Err: fmt.Errorf("open page: %w", &downloader.ItemError{Reason: downloader.ReasonHTTP, Status: 404})})
	tests := []struct{ got, want string }{
		{ErrorText(zh, start), "打不开这个网页：找不到（404）：链接已失效，或文件已被删除。"},
		{PageProblem(zh, pages.Problem{Kind: pages.ProblemLoop, Next: "https://a.example/1"}), "它的“下一页”链接指回已读过的 https://a.example/1，查找到此为止"},
		{QueueProblem(zh, queue.Problem{Recovered: 3, MovedTo: "/q/queue.jsonl.broken-1"}), "已保存的下载列表已损坏，找回了 3 项。原文件已备份为 queue.jsonl.broken-1。"},
		{ErrorText(zh, errors.New("plain")), "plain"},
		{ErrorText(zh, fmt.Errorf("read: %w", &links.FileError{Name: "a.jpg", Problem: links.FileNotText, Looks: "image"})),
			"“a.jpg”看起来是图片，不是链接列表：请打开包含链接的文本、CSV、Markdown 或 HTML 文件"},
		{FileProblem(printer(t, language.English), &links.FileError{Name: "huge.txt", Problem: links.FileTooLarge, Size: 60_000_000}),
			"“huge.txt” is 60 MB, too large for a list of links (the limit is 50 MB): split it into smaller files and open them one at a time"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got  %q\nwant %q", tt.got, tt.want)
		}
	}
}

func TestPluralsInBothLanguages(t *testing.T) {
	en, zh := printer(t, language.English), printer(t, Chinese)
	one, many := downloader.Note{Kind: downloader.NotePage, Count: 1}, downloader.Note{Kind: downloader.NotePage, Count: 5}
	for _, tt := range []struct{ got, want string }{
		{SkipNote(en, one), "Web page: 1 picture found on it"},
		{SkipNote(en, many), "Web page: 5 pictures found on it"},
		{SkipNote(zh, one), "网页：找到 1 张图片"},
		{SkipNote(zh, many), "网页：找到 5 张图片"},
	} {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

func TestFromEnvironment(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want language.Tag
	}{
		{map[string]string{"LANG": "zh_CN.UTF-8"}, Chinese},
		{map[string]string{"LANG": "en_US.UTF-8"}, language.English},
		{map[string]string{"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, Chinese},
		{map[string]string{"LC_MESSAGES": "zh_SG.UTF-8", "LANG": "en_US.UTF-8"}, Chinese},
		{map[string]string{"LC_ALL": "C", "LANGUAGE": "zh_CN"}, language.English},
		{map[string]string{"LANG": "en_US.UTF-8", "LANGUAGE": "zh_CN:en"}, Chinese},
		{map[string]string{"LANG": "de_DE.UTF-8"}, language.English},
		{map[string]string{"LANG": "POSIX"}, language.English},
		{map[string]string{}, language.English},
		{map[string]string{"LANG": "zh-Hans"}, Chinese},
	}
	for _, tt := range tests {
		if got := FromEnvironment(func(k string) string { return tt.env[k] }); got != tt.want {
			t.Errorf("%v: %v, want %v", tt.env, got, tt.want)
		}
	}
}

func TestFileSystemErrorsInChinese(t *testing.T) {
	zh := printer(t, Chinese)
	err := fmt.Errorf("open queue: %w", &fs.PathError{Op: "open", Path: "/home/me/queue.jsonl", Err: syscall.EACCES})
	if got, want := ErrorText(zh, err), "/home/me/queue.jsonl：没有权限"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
