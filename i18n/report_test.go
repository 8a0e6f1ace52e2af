package i18n

import (
	"bytes"
	"encoding/csv"
	"slices"
	"testing"

	"golang.org/x/text/language"

	"haul/downloader"
)

func TestReportInChineseAndForScripts(t *testing.T) {
	items := []downloader.ItemSnapshot{{URL: "https://a.example/gone.jpg", State: downloader.Failed, Status: 404, Attempts: 1,
		Err: &downloader.ItemError{Kind: downloader.ErrHTTP, Reason: downloader.ReasonHTTP, Status: 404}}}
	tests := []struct {
		name          string
		opts          downloader.ReportOptions
		header, first []string
	}{
		{"Chinese", ReportOptions(printer(t, Chinese), false, false),
			[]string{"链接", "状态", "文件", "字节数", "尝试次数", "HTTP 状态码", "问题", "开始时间", "完成时间", "宽度", "高度", "格式", "原图取自", "原因代码"},
			[]string{"https://a.example/gone.jpg", "失败", "", "0", "1", "404", "找不到（404）：链接已失效，或文件已被删除。", "", "", "", "", "", "", "http"}},
		{"for scripts", ReportOptions(printer(t, Chinese), false, true), downloader.ReportHeader,
			[]string{"https://a.example/gone.jpg", "failed", "", "0", "1", "404", "http", "", "", "", "", "", "", "http"}},
		{"English", ReportOptions(printer(t, language.English), false, false),
			[]string{"Link", "State", "File", "Bytes", "Tries", "HTTP status", "Problem", "Started", "Finished", "Width", "Height", "Format", "Full-size picture saved from", "Reason code"},
			[]string{"https://a.example/gone.jpg", "failed", "", "0", "1", "404", "Not found (404): the link is broken or the file was removed.", "", "", "", "", "", "", "http"}},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := downloader.WriteReport(&b, items, tt.opts); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&b).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 || !slices.Equal(rows[0], tt.header) || !slices.Equal(rows[1], tt.first) {
			t.Errorf("%s report:\n%q\nwant\n%q\n%q", tt.name, rows, tt.header, tt.first)
		}
	}
}

// TestReportNamesTheCellOfAWorkbookLink: a link read from a workbook
// that failed, even with a 404, names its cell in the problem column.
func TestReportNamesTheCellOfAWorkbookLink(t *testing.T) {
	items := []downloader.ItemSnapshot{{URL: "https://a.example/gone.jpg", State: downloader.Failed, Status: 404, Attempts: 1, Place: "Sheet2!B7",
		Err: &downloader.ItemError{Kind: downloader.ErrHTTP, Reason: downloader.ReasonHTTP, Status: 404}}}
	tests := []struct {
		lang language.Tag
		want string
	}{
		{language.English, "Sheet2!B7: Not found (404): the link is broken or the file was removed."},
		{Chinese, "Sheet2!B7：找不到（404）：链接已失效，或文件已被删除。"},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		if err := downloader.WriteReport(&b, items, ReportOptions(printer(t, tt.lang), false, false)); err != nil {
			t.Fatal(err)
		}
		rows, err := csv.NewReader(&b).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if got := rows[1][6]; got != tt.want {
			t.Errorf("%v: the problem column says %q, want %q", tt.lang, got, tt.want)
		}
	}
}
