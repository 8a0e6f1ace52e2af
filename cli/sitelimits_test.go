package cli

import (
	"testing"
	"time"
)

func TestSiteLimitFlags(t *testing.T) {
	tests := []struct {
		args     []string
		rate     float64
		wait     time.Duration
		perDay   int
		badValue bool
	}{
		{args: []string{"-per-host-rate", "20"}, rate: 20},
		{args: []string{"-per-host-rate", "20/s"}, rate: 20},
		{args: []string{"-per-host-rate", "120/m"}, rate: 2},
		{args: []string{"-per-host-rate", "7200/h"}, rate: 2},
		{args: []string{"-per-host-rate", "86400/d"}, rate: 1},
		{args: []string{"-site-wait", "30s"}, wait: 30 * time.Second},
		{args: []string{"-per-host-daily", "500"}, perDay: 500},
		{args: []string{"-per-host-rate", "fast"}, badValue: true},
		{args: []string{"-per-host-rate", "20/week"}, badValue: true},
		{args: []string{"-per-host-rate", "-1"}, badValue: true},
		{args: []string{"-site-wait", "-5m"}, badValue: true},
		{args: []string{"-per-host-daily", "many"}, badValue: true},
	}
	for _, tc := range tests {
		t.Run(tc.args[0]+" "+tc.args[1], func(t *testing.T) {
			c, _, err := parseFlags(append(tc.args, "list.txt"))
			if (err != nil) != tc.badValue {
				t.Fatalf("error %v", err)
			}
			if tc.badValue {
				return
			}
			if c.limits.PerHostRate != tc.rate || c.limits.SiteWait != tc.wait || c.limits.PerHostDaily != tc.perDay {
				t.Errorf("rate %v, wait %v, files a day %v; want %v, %v, %v", c.limits.PerHostRate, c.limits.SiteWait, c.limits.PerHostDaily,
					tc.rate, tc.wait, tc.perDay)
			}
		})
	}
}
