package main

import (
	"regexp"
	"runtime/debug"
	"strings"
	"testing"

	"haul/downloader"
)

func TestVersionFrom(t *testing.T) {
	stamp := func(mainVersion, revision, modified string) *debug.BuildInfo {
		info := &debug.BuildInfo{Main: debug.Module{Path: "haul", Version: mainVersion}}
		if revision != "" {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: "vcs.revision", Value: revision})
		}
		if modified != "" {
			info.Settings = append(info.Settings, debug.BuildSetting{Key: "vcs.modified", Value: modified})
		}
		return info
	}
	tests := []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"no build information", nil, "0.2.0-dev"},
		{"no VCS stamp", stamp("(devel)", "", ""), "0.2.0-dev"},
		{"untagged commit", stamp("v0.0.0-20261130145800-abc1234def56", "abc1234def5678", "false"), "0.2.0-dev+abc1234"},
		{"uncommitted changes", stamp("v0.2.0+dirty", "abc1234def5678", "true"), "0.2.0-dev+abc1234.dirty"},
		{"tagged release", stamp("v0.2.0", "abc1234def5678", "false"), "0.2.0"},
		{"tag of another version", stamp("v0.1.0", "abc1234def5678", "false"), "0.2.0-dev+abc1234"},
	}
	for _, tt := range tests {
		if got := versionFrom("0.2.0", tt.info); got != tt.want {
			t.Errorf("%s: versionFrom = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestDetailsComeFromFyneAppToml(t *testing.T) {
	d := details()
	if d.ID != "io.haul.app" || d.Name != "Haul" || d.Build < 1 {
		t.Errorf("details() = %+v, want ID io.haul.app, Name Haul and a build number", d)
	}
	if !regexp.MustCompile(`^\d+\.\d+\.\d+$`).MatchString(d.Version) {
		t.Errorf("FyneApp.toml Version %q is not MAJOR.MINOR.PATCH", d.Version)
	}
	if got := appVersion(); !regexp.MustCompile(`^` + regexp.QuoteMeta(d.Version) + `(-dev(\+[0-9a-f]{7}(\.dirty)?)?)?$`).MatchString(got) {
		t.Errorf("appVersion() = %q, want %s or a development build of it", got, d.Version)
	}
}

// TestUserAgentSaysTheVersion: the User-Agent Haul sends names the version
// of FyneApp.toml, the version in force, not one written down elsewhere.
func TestUserAgentSaysTheVersion(t *testing.T) {
	saved := downloader.DefaultUserAgent
	t.Cleanup(func() { downloader.DefaultUserAgent = saved })
	downloader.SetVersion(appVersion())
	want := "Haul/" + details().Version
	if !strings.HasPrefix(downloader.DefaultUserAgent, want) {
		t.Errorf("User-Agent is %q, want it to start with %q", downloader.DefaultUserAgent, want)
	}
}
