package picker

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"haul/downloader/render"
)

func TestPageTimeoutIsTheUsersChoice(t *testing.T) {
	for _, tc := range []struct {
		name    string
		seconds int // stored; 0 is unset
		want    time.Duration
	}{
		{"unset", 0, render.DefaultPageTimeout},
		{"two minutes", 120, 2 * time.Minute},
		{"half a minute", 30, 30 * time.Second},
		{"not a choice", 7, render.DefaultPageTimeout},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := test.NewTempApp(t).Preferences()
			if tc.seconds != 0 {
				p.SetInt(prefPageTimeout, tc.seconds)
			}
			if got := PageTimeout(p); got != tc.want {
				t.Errorf("PageTimeout = %v, want %v", got, tc.want)
			}
		})
	}
}

func TestSetPageTimeoutIsRemembered(t *testing.T) {
	p := test.NewTempApp(t).Preferences()
	for _, d := range PageTimeoutChoices {
		SetPageTimeout(p, d)
		if got := PageTimeout(p); got != d {
			t.Errorf("after SetPageTimeout(%v), PageTimeout = %v", d, got)
		}
	}
}

func TestFinderReadsPagesForTheChosenTime(t *testing.T) {
	p := test.NewTempApp(t).Preferences()
	f := &finder{sites: browserSites{p}}
	SetPageTimeout(p, 5*time.Minute)
	if got := f.pageTimeout(); got != 5*time.Minute {
		t.Errorf("finder's page time = %v, want 5m", got)
	}
}
