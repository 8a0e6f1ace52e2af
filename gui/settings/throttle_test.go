package settings

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"haul/downloader"
)

func TestSiteRuleSaysSlowDown(t *testing.T) {
	test.NewTempApp(t)
	tests := []struct {
		name                      string
		perMinute, statuses, text string
		perDay                    string
		wantPerMinute, wantPerDay int
		wantStatuses              []int
		wantText                  string
		problem                   bool
	}{
		{name: "empty", wantStatuses: nil},
		{name: "a limit a minute and statuses", perMinute: "60", statuses: "403, 418 432", text: " please wait ", wantPerMinute: 60, wantStatuses: []int{403, 418, 432}, wantText: "please wait"},
		{name: "a limit that is no number", perMinute: "many", problem: true},
		{name: "files a day", perDay: " 500 ", wantPerDay: 500, wantStatuses: nil},
		{name: "files a day that are no number", perDay: "lots", problem: true},
		{name: "files a day below zero", perDay: "-3", problem: true},
		{name: "a status that is no refusal", statuses: "200", problem: true},
		{name: "a status that is no number", statuses: "forbidden", problem: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newSiteForm(downloader.SiteRule{Site: "example.com"})
			f.perMinute.SetText(tc.perMinute)
			f.perDay.SetText(tc.perDay)
			f.slowStatuses.SetText(tc.statuses)
			f.slowText.SetText(tc.text)
			r, problem := f.rule()
			if (problem != "") != tc.problem {
				t.Fatalf("problem %q", problem)
			}
			if tc.problem {
				return
			}
			if r.PerMinute != tc.wantPerMinute || r.PerDay != tc.wantPerDay || !slices.Equal(r.ThrottleStatuses, tc.wantStatuses) || r.ThrottleText != tc.wantText {
				t.Errorf("rule %+v", r)
			}
			again, _ := newSiteForm(r).rule()
			if again.PerMinute != r.PerMinute || again.PerDay != r.PerDay || !slices.Equal(again.ThrottleStatuses, r.ThrottleStatuses) || again.ThrottleText != r.ThrottleText {
				t.Errorf("the rule read back is %+v, want %+v", again, r)
			}
		})
	}
}
