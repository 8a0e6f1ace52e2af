package gui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"fyne.io/fyne/v2/lang"

	"haul/downloader"
	"haul/downloader/downloadtest"
	"haul/gui/settings"
	"haul/i18n"
)

// inChinese shows the window's texts in Simplified Chinese until the test
// ends, as the window does under LANG=zh_CN.UTF-8 or with the language
// override set.
func inChinese(t *testing.T) {
	t.Cleanup(reloadTranslations)
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"} {
		t.Setenv(name, "")
	}
	settings.ApplyLanguage("zh_CN.UTF-8")
	reloadTranslations()
}

// reloadTranslations makes Fyne's lang choose its language again from the environment.
func reloadTranslations() {
	if err := lang.AddTranslationsFS(i18n.Files, i18n.Dir); err != nil {
		panic(err)
	}
}

// TestFailedRowsInChinese runs a 404 and a login page served for a picture
// (tried again, as a page may be a site's way of saying "slow down") in
// the window under Chinese: their rows, the detail line and the totals
// speak Chinese.
func TestFailedRowsInChinese(t *testing.T) {
	inChinese(t)
	h := newHarness(t, nil)
	gone := h.serve([]string{"gone.png"}, fileBody, downloadtest.Status(404))[0]
	login := h.serve([]string{"photo.jpg"}, func(string) []byte { return []byte("<!doctype html><title>Log in</title><form>…</form>") },
		downloadtest.Header("Content-Type", "text/html; charset=utf-8"))[0]
	h.paste(gone + "\n" + login + "\nnot a link")
	h.waitRows(2)
	if got := h.ui.intake.label.Text; got != "已添加 2 个链接 · 1 行不是链接" {
		t.Errorf("intake line = %q", got)
	}
	h.ui.batch.Start()
	h.waitState(gone, downloader.Failed)
	h.waitState(login, downloader.Failed)
	h.waitTotals("已保存 0")
	want := map[string]string{
		gone:  "找不到（404）：链接已失效，或文件已被删除。",
		login: "网站发来的是网页，不是图片——可能需要登录，或禁止直接下载——试了 6 次，仍未成功。",
	}
	for url, text := range want {
		if got := h.row(url).status.Text; got != text {
			t.Errorf("row of %s says %q, want %q", url, got, text)
		}
	}
	if got := h.ui.totals.label.Text; !strings.Contains(got, "失败 2") {
		t.Errorf("totals = %q, want them in Chinese", got)
	}
}

// TestTheBarHoldsTheSizeOfABigFile: the size of a large file on its way
// fits the row's progress bar, in English and in Chinese.
func TestTheBarHoldsTheSizeOfABigFile(t *testing.T) {
	for _, chinese := range []bool{false, true} {
		t.Run(fmt.Sprint("chinese=", chinese), func(t *testing.T) {
			if chinese {
				inChinese(t)
			}
			newHarness(t, nil)
			text := sizeText(downloader.ItemSnapshot{State: downloader.Active, Bytes: 188_800_000, Total: 208_800_000})
			need := fyne.MeasureText(text, theme.TextSize(), fyne.TextStyle{}).Width + 2*theme.InnerPadding()
			if need > barWidth {
				t.Errorf("%q needs %.0f px, the bar is %d", text, need, barWidth)
			}
		})
	}
}

// TestChosenLanguageWithoutTheEnvironment: the language chosen in the
// window applies where Fyne ignores the environment (Windows, macOS): with
// an English system, choosing 简体中文 makes the window speak Chinese.
func TestChosenLanguageWithoutTheEnvironment(t *testing.T) {
	t.Cleanup(reloadTranslations)
	t.Setenv("LANGUAGE", "")
	t.Setenv("LC_ALL", "")
	t.Setenv("LC_MESSAGES", "")
	t.Setenv("LANG", "en_US.UTF-8")
	reloadTranslations()
	if got := lang.L("Follow the system"); got != "Follow the system" {
		t.Fatalf("before the choice: %q, want English", got)
	}
	settings.ChooseLanguage("zh_CN.UTF-8")
	if got, want := lang.L("Follow the system"), "跟随系统"; got != want {
		t.Errorf("after choosing 简体中文: %q, want %q", got, want)
	}
}
