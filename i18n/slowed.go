package i18n

import (
	"strconv"
	"strings"
	"time"

	"haul/downloader"
)

// SlowedSites says which sites Haul holds back and what it learned of
// them: "example.com: 4 at once, about 20 a second"; "" when none.
func SlowedSites(t Translator, sites []downloader.SiteSlowed, now time.Time) string {
	if len(sites) == 0 {
		return ""
	}
	parts := make([]string, 0, len(sites))
	for _, s := range sites {
		parts = append(parts, SlowedSite(t, s, now))
	}
	return t.X("sites.slowed", Data{"Sites": strings.Join(parts, "; ")})
}

// SlowedSite says what Haul learned of one site it holds back.
func SlowedSite(t Translator, s downloader.SiteSlowed, now time.Time) string {
	d := Data{"Site": siteName(s.Site), "N": s.AtOnce, "Rate": rateText(s.PerSecond)}
	switch {
	case s.PerDay > 0 && s.Until.After(now):
		d["N"], d["At"], d["In"] = s.PerDay, DayLimitEnd(s.Until), Duration(t, s.Until.Sub(now))
		return t.X("sites.slowed.day", d)
	case s.Until.After(now):
		d["In"] = Duration(t, s.Until.Sub(now))
		return t.X("sites.slowed.wait", d)
	case s.AtOnce > 0 && s.PerSecond > 0:
		return t.X("sites.slowed.both", d)
	case s.AtOnce > 0:
		return t.X("sites.slowed.atonce", d)
	}
	return t.X("sites.slowed.rate", d)
}

// DayLimitEnd shows when a site that gave its files for the day takes
// requests again: its next day's start, as a date and a time of day.
func DayLimitEnd(until time.Time) string {
	return until.Format("2006-01-02 15:04")
}

// siteName is a site's key without the usual ports.
func siteName(key string) string {
	return strings.TrimSuffix(strings.TrimSuffix(key, ":443"), ":80")
}

// rateText is a rate a second, whole above 10, with one decimal below.
func rateText(r float64) string {
	if r >= 10 {
		return strconv.Itoa(int(r + 0.5))
	}
	return strconv.FormatFloat(r, 'f', 1, 64)
}
