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
		wantPerMinute             int
		wantStatuses              []int
		wantText                  string
		problem                   bool
	}{
		{name: "empty", wantStatuses: nil},
		{name: "a limit a minute and statuses", perMinute: "60", statuses: "403, 418 432", text: " please wait ", wantPerMinute: 60, wantStatuses: []int{403, 418, 432}, wantText: "please wait"},
		{name: "a limit that is no number", perMinute: "many", problem: true},
		{name: "a status that is no refusal", statuses: "200", problem: true},
		{name: "a status that is no number", statuses: "forbidden", problem: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := newSiteForm(downloader.SiteRule{Site: "example.com"})
			f.perMinute.SetText(tc.perMinute)
			f.slowStatuses.SetText(tc.statuses)
			f.slowText.SetText(tc.text)
			r, problem := f.rule()
			if (problem != "") != tc.problem {
				t.Fatalf("problem %q", problem)
			}
			if tc.problem {
				return
			}
			if r.PerMinute != tc.wantPerMinute || !slices.Equal(r.ThrottleStatuses, tc.wantStatuses) || r.ThrottleText != tc.wantText {
				t.Errorf("rule %+v", r)
			}
			again, _ := newSiteForm(r).rule()
			if again.PerMinute != r.PerMinute || !slices.Equal(again.ThrottleStatuses, r.ThrottleStatuses) || again.ThrottleText != r.ThrottleText {
				t.Errorf("the rule read back is %+v, want %+v", again, r)
			}
		})
	}
}
