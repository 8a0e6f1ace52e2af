package i18n

import (
	"testing"

	"golang.org/x/text/language"

	"haul/downloader/cookies"
)

func TestCookieProblemSaysWhatToDo(t *testing.T) {
	tests := []struct {
		name   string
		err    *cookies.Error
		en, zh string
	}{
		{"cookies.txt too large", &cookies.Error{Kind: cookies.TooLarge, Path: "/tmp/c.txt", Size: 300 << 20, Limit: cookies.MaxFileSize},
			"/tmp/c.txt is 300 MiB, more than the 16 MiB Haul reads from a cookies file. Export only the cookies of the sites you download from.",
			"/tmp/c.txt 有 300 MiB，超过了 Haul 读取 Cookie 文件的上限 16 MiB。请只导出你要下载的网站的 Cookie。"},
		{"browser store too large", &cookies.Error{Kind: cookies.TooLarge, Browser: "firefox", Path: "/p/cookies.sqlite", Size: 200 << 20, Limit: cookies.MaxDatabaseSize},
			"Firefox's cookie store /p/cookies.sqlite is 200 MiB, more than the 128 MiB Haul reads. Export the cookies of the sites you need to a cookies.txt file with a browser extension, then choose “A cookies.txt file…”.",
			"Firefox 的 Cookie 数据库 /p/cookies.sqlite 有 200 MiB，超过了 Haul 读取的上限 128 MiB。请用浏览器扩展把所需网站的 Cookie 导出为 cookies.txt 文件，然后选择“cookies.txt 文件…”。"},
		{"not a file", &cookies.Error{Kind: cookies.NotAFile, Path: "/tmp/fifo"},
			"/tmp/fifo is not a file but a device, a pipe or a folder, so Haul does not read cookies from it. Choose the cookies file itself.",
			"/tmp/fifo 不是文件，而是设备、管道或文件夹，所以 Haul 不从中读取 Cookie。请选择 Cookie 文件本身。"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := CookieProblem(printer(t, language.English), tt.err); got != tt.en {
				t.Errorf("English:\n got %q\nwant %q", got, tt.en)
			}
			if got := CookieProblem(printer(t, language.SimplifiedChinese), tt.err); got != tt.zh {
				t.Errorf("Chinese:\n got %q\nwant %q", got, tt.zh)
			}
		})
	}
}
