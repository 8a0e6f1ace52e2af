package i18n

import (
	"testing"
	"time"

	"golang.org/x/text/language"

	"haul/downloader"
)

func TestSlowedSiteInBothLanguages(t *testing.T) {
	now := time.Date(2026, 3, 4, 22, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		site   downloader.SiteSlowed
		en, zh string
	}{
		{"learned limits", downloader.SiteSlowed{Site: "example.com:443", AtOnce: 4, PerSecond: 19.6},
			"example.com: 4 at once, about 20 a second", "example.com：同时 4 个，约每秒 20 个"},
		{"files a day given", downloader.SiteSlowed{Site: "example.com:443", PerDay: 500, Until: now.Add(2 * time.Hour)},
			"example.com: gave its 500 files for today; the rest wait until 2026-03-05 00:00 (in 2 h 0 min)",
			"example.com：今天的 500 个文件已下载完，其余的等到 2026-03-05 00:00（2 小时 0 分钟 后）"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := SlowedSite(printer(t, language.English), tc.site, now); got != tc.en {
				t.Errorf("en %q, want %q", got, tc.en)
			}
			if got := SlowedSite(printer(t, language.SimplifiedChinese), tc.site, now); got != tc.zh {
				t.Errorf("zh %q, want %q", got, tc.zh)
			}
		})
	}
}
