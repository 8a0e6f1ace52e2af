package settings

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
)

// newThrottleEntries makes the fields of a site's own limits a minute and
// a day and of its ways of saying "slow down", filled from r.
func (f *siteForm) newThrottleEntries(r downloader.SiteRule) {
	f.perMinute, f.perDay, f.slowStatuses, f.slowText = widget.NewEntry(), widget.NewEntry(), widget.NewEntry(), widget.NewEntry()
	f.perMinute.SetPlaceHolder(lang.L("no limit"))
	if r.PerMinute > 0 {
		f.perMinute.SetText(strconv.Itoa(r.PerMinute))
	}
	f.perDay.SetPlaceHolder(lang.L("no limit"))
	if r.PerDay > 0 {
		f.perDay.SetText(strconv.Itoa(r.PerDay))
	}
	f.slowStatuses.SetPlaceHolder("403 418")
	statuses := make([]string, len(r.ThrottleStatuses))
	for i, s := range r.ThrottleStatuses {
		statuses[i] = strconv.Itoa(s)
	}
	f.slowStatuses.SetText(strings.Join(statuses, " "))
	f.slowText.SetPlaceHolder(lang.L("a text on its page"))
	f.slowText.SetText(r.ThrottleText)
}

// readThrottle reads those fields into r; problem says what is wrong, in words.
func (f *siteForm) readThrottle(r *downloader.SiteRule) (problem string) {
	if text := strings.TrimSpace(f.perMinute.Text); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 {
			return lang.L("Type the requests a minute as a whole number, such as 60, or leave it empty.")
		}
		r.PerMinute = n
	}
	if text := strings.TrimSpace(f.perDay.Text); text != "" {
		n, err := strconv.Atoi(text)
		if err != nil || n < 0 {
			return lang.L("Type the files a day as a whole number, such as 500, or leave it empty.")
		}
		r.PerDay = n
	}
	statuses, ok := parseStatuses(f.slowStatuses.Text)
	if !ok {
		return lang.L("Write the site's slow-down answers as status numbers from 400 to 599, such as 403 418.")
	}
	r.ThrottleStatuses = statuses
	r.ThrottleText = strings.TrimSpace(f.slowText.Text)
	return ""
}

// parseStatuses reads status numbers from 400 to 599, apart by spaces or commas.
func parseStatuses(text string) ([]int, bool) {
	var out []int
	for _, word := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
		n, err := strconv.Atoi(word)
		if err != nil || n < 400 || n > 599 {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}
