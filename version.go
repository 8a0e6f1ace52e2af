package main

import (
	_ "embed"
	"fmt"
	"runtime/debug"

	"github.com/BurntSushi/toml"
)

// fyneApp is FyneApp.toml, the one place where Haul's name, ID, version
// number and build number are written down.
//
//go:embed FyneApp.toml
var fyneApp []byte

// buildVersion is the full version of a packaged build, set by the Makefile
// with -ldflags "-X main.buildVersion=0.2.0". When it is empty, appVersion
// works the version out from FyneApp.toml and the build's VCS stamp.
var buildVersion string

// appDetails is the [Details] table of FyneApp.toml.
type appDetails struct {
	ID      string
	Name    string
	Version string
	Build   int
}

// details reads the [Details] table of the embedded FyneApp.toml.
func details() appDetails {
	var file struct{ Details appDetails }
	if err := toml.Unmarshal(fyneApp, &file); err != nil {
		panic(fmt.Sprintf("the FyneApp.toml built into Haul is broken: %v", err))
	}
	return file.Details
}

// appVersion is Haul's version as "haul version", the About dialog and the
// package names show it.
func appVersion() string {
	if buildVersion != "" {
		return buildVersion
	}
	info, _ := debug.ReadBuildInfo()
	return versionFrom(details().Version, info)
}

// versionFrom returns base as a release when the build was made from the
// clean, tagged commit "v"+base, and otherwise marks it as a development
// build with its commit: "0.2.0-dev+abc1234", with ".dirty" added when the
// source had uncommitted changes. info may be nil.
func versionFrom(base string, info *debug.BuildInfo) string {
	if info == nil {
		return base + "-dev"
	}
	if info.Main.Version == "v"+base {
		return base
	}
	var revision string
	var dirty bool
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			revision = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if revision == "" {
		return base + "-dev"
	}
	version := base + "-dev+" + revision[:min(7, len(revision))]
	if dirty {
		version += ".dirty"
	}
	return version
}
