package gui

import (
	"time"

	"fyne.io/fyne/v2"

	"haul/downloader"
)

// Preference keys under which the settings are remembered between runs.
const (
	prefDir         = "output.dir"
	prefConcurrency = "limits.concurrency"
	prefPerHost     = "limits.perHost"
	prefConnections = "limits.connectionsPerFile"
	prefPerHostRate = "limits.perHostRate"
	prefSiteWait    = "limits.siteWaitSeconds"
	prefBytesPerSec = "limits.bytesPerSec"
	prefRetries     = "limits.retries"
	prefOnExists    = "limits.onExists"
	prefMaxSize     = "limits.maxSize"
	prefSkipSame    = "pictures.skipSame"
	prefFullSize    = "pictures.fullSize"
	prefPageReferer = "pictures.pageReferer"
	// prefRecentFolders lists the folders last used in the file chooser.
	prefRecentFolders = "chooser.recent"
)

// remembered are the user's choices, read once from the preferences at start.
type remembered struct {
	Dir    string
	Limits downloader.Limits
}

// loadSettings reads every setting, falling back to the defaults.
func loadSettings(p fyne.Preferences) remembered {
	policy, _ := downloader.ParseExistsPolicy(p.StringWithFallback(prefOnExists, downloader.SkipExisting.String()))
	return remembered{
		Dir: p.StringWithFallback(prefDir, defaultFolder()),
		Limits: downloader.Limits{
			Concurrency: p.IntWithFallback(prefConcurrency, downloader.DefaultConcurrency),
			PerHost:     p.IntWithFallback(prefPerHost, 0),
			// 0 is automatic: a large file is fetched over several connections.
			ConnectionsPerFile: p.IntWithFallback(prefConnections, 0),
			BytesPerSec:        int64(p.IntWithFallback(prefBytesPerSec, 0)),
			Retries:            p.IntWithFallback(prefRetries, downloader.DefaultRetries),
			OnExists:           policy,
			MaxSize:            int64(p.IntWithFallback(prefMaxSize, 0)),
			PerHostRate:        float64(p.IntWithFallback(prefPerHostRate, 0)),
			SiteWait:           time.Duration(p.IntWithFallback(prefSiteWait, 0)) * time.Second,
			// The picture settings are on unless the user turned them off.
			KeepDuplicates: !p.BoolWithFallback(prefSkipSame, true),
			NoPageReferer:  !p.BoolWithFallback(prefPageReferer, true),
			AsLinked:       !p.BoolWithFallback(prefFullSize, true),
			PageFolders:    p.BoolWithFallback(prefPageFolders, false),
			NameTemplate:   p.StringWithFallback(prefNameTemplate, ""),
		},
	}
}

// saveLimits remembers the limits.
func saveLimits(p fyne.Preferences, l downloader.Limits) {
	p.SetInt(prefConcurrency, l.Concurrency)
	p.SetInt(prefPerHost, l.PerHost)
	p.SetInt(prefConnections, l.ConnectionsPerFile)
	p.SetInt(prefPerHostRate, int(l.PerHostRate))
	p.SetInt(prefSiteWait, int(l.SiteWait/time.Second))
	p.SetInt(prefBytesPerSec, int(l.BytesPerSec))
	p.SetInt(prefRetries, l.Retries)
	p.SetString(prefOnExists, l.OnExists.String())
	p.SetInt(prefMaxSize, int(l.MaxSize))
	p.SetBool(prefSkipSame, !l.KeepDuplicates)
	p.SetBool(prefPageReferer, !l.NoPageReferer)
	p.SetBool(prefFullSize, !l.AsLinked)
	p.SetBool(prefPageFolders, l.PageFolders)
	p.SetString(prefNameTemplate, l.NameTemplate)
}
