package downloader

import "haul/downloader/network"

// Network is the engine's way to the sites (see package network).
type Network = network.Network

// Network is the engine's way to the sites, for requests the app makes
// itself and for its cookies, proxy and site rules.
func (m *Manager) Network() *Network { return m.net }

// The words of the way to the sites, as the faces name them.
type (
	// SiteRule is how Haul talks to one site (see network.SiteRule).
	SiteRule = network.SiteRule
	// RefererRule says which Referer a site's requests carry.
	RefererRule = network.RefererRule
	// AgentRule says which User-Agent a site's requests carry.
	AgentRule = network.AgentRule
	// ProxySettings is the user's proxy choice.
	ProxySettings = network.ProxySettings
	// ProxyMode says how requests reach the sites.
	ProxyMode = network.ProxyMode
	// PageRenderer draws a web page in a browser (see network.PageRenderer).
	PageRenderer = network.PageRenderer
)

// The choices of a site rule and of the proxy.
const (
	RefererPage      = network.RefererPage
	RefererNone      = network.RefererNone
	RefererFixed     = network.RefererFixed
	AgentHaul        = network.AgentHaul
	AgentBrowser     = network.AgentBrowser
	AgentCustom      = network.AgentCustom
	BrowserUserAgent = network.BrowserUserAgent
	ProxySystem      = network.ProxySystem
	ProxyNone        = network.ProxyNone
	ProxyManual      = network.ProxyManual
)

// ParseProxy reads a proxy given on the command line (see network.ParseProxy).
func ParseProxy(s string) (ProxySettings, error) { return network.ParseProxy(s) }
