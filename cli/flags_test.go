package cli

import (
	"context"
	"net/http"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"haul/downloader"
)

func TestGetRejectsBadCommandLines(t *testing.T) {
	list := writeList(t, "http://127.0.0.1:9/a.jpg\n")
	onlyBad := writeList(t, "ftp://example.com/a.jpg\nmailto:someone@example.com\n")
	missing := filepath.Join(t.TempDir(), "missing.txt")
	tests := []struct {
		name      string
		args      []string
		wantErr   string
		wantUsage bool
	}{
		{"speed limit that is not a size", []string{"-limit", "fast", list},
			`-limit: "fast" is not a speed such as 2MB, 500k or 1.5MiB (per second)`, true},
		{"negative speed limit", []string{"-limit", "-5MB", list}, `-limit: "-5MB" is not a speed`, true},
		{"rate that is not a number", []string{"-rate", "abc", list}, `-rate: "abc" is not a number of requests per second`, true},
		{"rate that is not finite", []string{"-rate", "Inf", list}, `-rate: "Inf" is not a number of requests per second`, true},
		{"fraction of a download", []string{"-c", "1.5", list}, `-c: "1.5" is not a whole number of downloads at once`, true},
		{"retries that are not a number", []string{"-retries", "many", list}, `-retries: "many" is not a whole number of tries`, true},
		{"pages that are not a number", []string{list, "-pages", "all"}, `-pages: "all" is not a whole number of pages`, true},
		{"output folder that is a file", []string{"-o", list, list}, "-o " + strconv.Quote(list) + " is a file, not a folder", true},
		{"unknown existing-file policy", []string{"-on-exists", "keep-old", list},
			`-on-exists "keep-old": choose skip, rename or overwrite`, true},
		{"header without a colon", []string{"-H", "Authorization", list}, `"Authorization" is not a header: write it as 'Name: value'`, true},
		{"header name with a space", []string{"-H", "Bad Name: x", list}, `"Bad Name" is not a valid header name`, true},
		{"header value with a line break", []string{"-H", "X-Token: a\nEvil: b", list}, "contains characters that cannot be sent", true},
		{"header the downloader sets", []string{"-H", "Range: bytes=0-", list}, "header Range cannot be set: Haul sets it itself", true},
		{"unknown flag", []string{"-x", list}, "flag provided but not defined: -x", true},
		{"zero at once", []string{"-c", "0", list}, "-c 0: choose between 1 and 256", true},
		{"negative per site", []string{"-per-host", "-1", list}, "-per-host -1", true},
		{"negative files a day", []string{"-per-host-daily", "-1", list}, "-per-host-daily -1: choose 0 (unlimited) or more files a day", true},
		{"files a day that are not a number", []string{"-per-host-daily", "lots", list}, `-per-host-daily: "lots" is not a whole number of files`, true},
		{"too many connections per file", []string{"-split", "99", list}, "-split 99: choose 0 (automatic) or 1 to 16 connections per file", true},
		{"connections that are not a number", []string{"-split", "many", list}, `-split: "many" is not a whole number of connections per file`, true},
		{"negative rate", []string{"-rate", "-2", list}, "-rate -2", true},
		{"negative retries", []string{"-retries", "-1", list}, "-retries -1", true},
		{"zero timeout", []string{"-timeout", "0s", list}, "-timeout 0s: choose a duration above zero", true},
		{"timeout that is not a duration", []string{"-timeout", "soon", list}, `-timeout: "soon" is not a duration such as 30s or 2m`, true},
		{"referer that is not a web address", []string{"-referer", "ftp://example.com", list}, `-referer "ftp://example.com": give a full http or https address`, true},
		{"no inputs at all", nil, "no links given", false},
		{"a list file that does not exist", []string{missing}, "cannot read the list " + missing + ": it is not there", false},
		{"a link without http://", []string{"example.com/pic.jpg"},
			"example.com/pic.jpg: there is no such file; if it is a link, write it with http:// or https:// in front, such as https://example.com/pic.jpg", false},
		{"only rejected lines", []string{onlyBad}, "no links to download", false},
		{"a pattern of too many links", []string{"https://example.com/f[1-9999999].jpg"},
			"the pattern stands for more than 100,000 links: split it into smaller ranges\nhaul get: no links to download: none of the lines above can be downloaded", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runGet(context.Background(), "", tt.args...)
			if r.code != exitUsage {
				t.Errorf("exit code %d, want %d; stderr:\n%s", r.code, exitUsage, r.stderr)
			}
			if !strings.Contains(r.stderr, tt.wantErr) {
				t.Errorf("stderr does not say %q:\n%s", tt.wantErr, r.stderr)
			}
			if got := strings.Contains(r.stderr, "Usage: haul get"); got != tt.wantUsage {
				t.Errorf("usage printed = %v, want %v", got, tt.wantUsage)
			}
			if r.stdout != "" {
				t.Errorf("stdout should stay empty, got:\n%s", r.stdout)
			}
		})
	}
}

func TestGetHelp(t *testing.T) {
	r := runGet(context.Background(), "", "-h")
	if r.code != exitOK || !strings.Contains(r.stdout, "Usage: haul get") || !strings.Contains(r.stdout, "-on-exists skip|rename|overwrite") {
		t.Errorf("exit %d, stdout:\n%s", r.code, r.stdout)
	}
}

func TestParseFlags(t *testing.T) {
	defaults := config{
		dir:         "./downloads",
		limits:      downloader.Limits{Concurrency: 8, Retries: 5, OnExists: downloader.SkipExisting},
		idleTimeout: 30 * time.Second,
		pages:       1,
		inputs:      []string{"list.txt"},
	}
	with := func(change func(*config)) config {
		c := defaults
		change(&c)
		return c
	}
	tests := []struct {
		name string
		args []string
		want config
	}{
		{"defaults", []string{"list.txt"}, defaults},
		{"limit in megabytes", []string{"-limit", "2MB", "list.txt"}, with(func(c *config) { c.limits.BytesPerSec = 2_000_000 })},
		{"limit in kilobytes", []string{"-limit", "500k", "list.txt"}, with(func(c *config) { c.limits.BytesPerSec = 500_000 })},
		{"limit in mebibytes", []string{"-limit", "1.5MiB", "list.txt"}, with(func(c *config) { c.limits.BytesPerSec = 1_572_864 })},
		{"limit per second", []string{"-limit", "2MB/s", "list.txt"}, with(func(c *config) { c.limits.BytesPerSec = 2_000_000 })},
		{"no limit", []string{"-limit", "0", "list.txt"}, defaults},
		{"every setting", []string{"-o", "out", "-c", "16", "-per-host", "4", "-rate", "2.5", "-retries", "0",
			"-timeout", "1m", "-on-exists", "rename", "-report", "r.csv", "-referer", "https://example.com/page",
			"-user-agent", "Test/1", "-q", "list.txt"},
			with(func(c *config) {
				c.dir, c.report, c.referer, c.userAgent, c.quiet = "out", "r.csv", "https://example.com/page", "Test/1", true
				c.limits = downloader.Limits{Concurrency: 16, PerHost: 4, RequestsPerSec: 2.5, OnExists: downloader.KeepBoth}
				c.idleTimeout = time.Minute
			})},
		{"repeated headers", []string{"-H", "Cookie: a=1", "-H", "x-token:  abc ", "list.txt"},
			with(func(c *config) { c.header = http.Header{"Cookie": {"a=1"}, "X-Token": {"abc"}} })},
		{"flags after the inputs", []string{"list.txt", "-o", "out", "https://example.com/a.jpg", "-q"},
			with(func(c *config) {
				c.dir, c.quiet, c.inputs = "out", true, []string{"list.txt", "https://example.com/a.jpg"}
			})},
		{"connections per file", []string{"-split", "4", "list.txt"}, with(func(c *config) { c.limits.ConnectionsPerFile = 4 })},
		{"standard input", []string{"-", "-c", "2"}, with(func(c *config) { c.inputs, c.limits.Concurrency = []string{"-"}, 2 })},
		{"everything after -- is an input", []string{"list.txt", "--", "-q", "-"},
			with(func(c *config) { c.inputs = []string{"list.txt", "-q", "-"} })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := parseFlags(tt.args)
			if err != nil {
				t.Fatalf("parseFlags: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
		})
	}
}

func TestUserAgentHeaderBecomesTheUserAgent(t *testing.T) {
	c, _, err := parseFlags([]string{"-H", "User-Agent: Mine/2", "list.txt"})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.options().UserAgent; got != "Mine/2" {
		t.Errorf("UserAgent = %q, want Mine/2", got)
	}
}

func TestLooksLikeAddress(t *testing.T) {
	tests := []struct {
		arg  string
		want bool
	}{
		{"example.com/pic.jpg", true},
		{"img.example.cn:8080/a/b.png", true},
		{"links.txt", false},
		{"lists/links.txt", false},
		{"./missing.txt", false},
		{"../lists/links.txt", false},
		{"my lists.d/links.txt", false},
		{`C:\lists\links.txt`, false},
	}
	for _, tt := range tests {
		if got := looksLikeAddress(tt.arg); got != tt.want {
			t.Errorf("looksLikeAddress(%q) = %v, want %v", tt.arg, got, tt.want)
		}
	}
}
