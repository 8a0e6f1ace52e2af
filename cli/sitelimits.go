package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// ratePer are the units -per-host-rate takes after a slash, in seconds.
var ratePer = map[string]float64{"": 1, "s": 1, "m": 60, "min": 60, "h": 3600, "d": 86400}

// parseHostRate reads -per-host-rate: requests a second (20), or a number
// per second, minute, hour or day (20/s, 100/m, 1000/h, 5000/d).
func parseHostRate(s string) (float64, error) {
	num, unit, _ := strings.Cut(s, "/")
	n, err := parseFinite(strings.TrimSpace(num))
	per, ok := ratePer[strings.ToLower(strings.TrimSpace(unit))]
	if err != nil || !ok || n < 0 {
		return 0, strconv.ErrSyntax
	}
	return n / per, nil
}

// hostRateFlag is the -per-host-rate flag.
func hostRateFlag(p *float64) numberValue[float64] {
	return numberValue[float64]{p: p, kind: hostRateValue, parse: parseHostRate}
}

// siteWaitFlag is the -site-wait flag: a duration of 0 or more.
func siteWaitFlag(p *time.Duration) numberValue[time.Duration] {
	return numberValue[time.Duration]{p: p, kind: durationValue, parse: func(s string) (time.Duration, error) {
		d, err := time.ParseDuration(s)
		if err == nil && d < 0 {
			err = strconv.ErrRange
		}
		return d, err
	}}
}

// learnedLimitsPath is where haul get keeps what it learned of sites'
// limits for a day, beside its resume states; "" when there is no config
// folder.
func learnedLimitsPath() string {
	base, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(base, "haul", "sites-learned.json")
}
