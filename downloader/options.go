package downloader

import (
	"context"
	"net"
	"net/http"
	"time"

	"haul/downloader/links"
	"haul/downloader/network"
)

// Limits are the settings that can change while a batch runs.
type Limits struct {
	// Concurrency is how many downloads run at once (default 8).
	Concurrency int
	// PerHost caps downloads at once from one site; 0 means the same as Concurrency.
	PerHost int
	// RequestsPerSec caps how many requests start each second, over all sites; 0 is unlimited.
	RequestsPerSec float64
	// PerHostRate caps how many requests start each second on one site; 0 is
	// unlimited (a site's rule may set its own).
	PerHostRate float64
	// PerHostDaily caps the files one site gives a day (midnight to
	// midnight); its other links wait for the next day. 0 is unlimited (a
	// site's rule may set its own).
	PerHostDaily int
	// SiteWait is how long a site may refuse everything before its links
	// fail; 0 is the default, 10 minutes.
	SiteWait time.Duration
	// BytesPerSec caps the total download speed; 0 is unlimited.
	BytesPerSec int64
	// Retries is how many times a failed attempt is tried again; 0 means never
	// (the window and haul get offer 5 by default).
	Retries int
	// OnExists says what to do when a file of the same name is already in the folder.
	OnExists ExistsPolicy
	// KeepDuplicates saves a picture even when an identical one is already saved.
	KeepDuplicates bool
	// NoPageReferer stops sending the page a picture was found on as Referer.
	NoPageReferer bool
	// MaxSize is the largest file saved, in bytes; a larger one fails. 0 is no limit.
	MaxSize int64
	// ConnectionsPerFile is how many connections may fetch one large file
	// at once, each a part of it, within At once and the site's limit:
	// 0 is automatic (DefaultConnectionsPerFile), 1 never splits a file.
	ConnectionsPerFile int
	// PageFolders saves the pictures found on each web page in a folder
	// named after the page's title, inside the output folder.
	PageFolders bool
	// NameTemplate names the pictures found on web pages, as in
	// "{page} {n}.{ext}" (see package naming); "" keeps their own names.
	NameTemplate string
}

// Options configure a Manager.
type Options struct {
	Limits
	// Dir is the output folder; it is created when missing.
	Dir string
	// IdleTimeout abandons an attempt when the server sends nothing for this long (default 30 s).
	// It also bounds the wait for response headers.
	IdleTimeout time.Duration
	// ConnectTimeout bounds connecting and the TLS handshake (default 15 s).
	ConnectTimeout time.Duration
	// Header is sent with every request (e.g. Cookie or Authorization set by the user).
	Header http.Header
	// UserAgent replaces the default User-Agent when set.
	UserAgent string
	// Referer is sent with every request when set.
	Referer string
	// BackoffBase and BackoffMax shape the exponential backoff with full jitter
	// between attempts (defaults 1 s and 60 s). A server's Retry-After is the minimum wait.
	BackoffBase, BackoffMax time.Duration
	// MaxRetryAfter is the longest Retry-After honoured before the item fails
	// with a message saying when to try again (default 10 min).
	MaxRetryAfter time.Duration
	// Client replaces the shared HTTP client (tests); its Transport should have timeouts.
	Client *http.Client
	// SavePages saves a link that answers with a web page as an .html file,
	// instead of finding the pictures on it.
	SavePages bool
	// OnPage, when set, receives the pictures found on a link that turned out
	// to be a web page, to let the user choose (see AddFromPage); when nil,
	// every picture found is queued. It is called from a worker goroutine.
	OnPage func(PageFound)
	// Jar holds the cookies sent with requests, each to its own domain, and
	// keeps the cookies sites set during a batch; nil starts an empty jar.
	Jar http.CookieJar
	// Proxy says how requests reach the sites: the system's proxy (the
	// default, from the environment), none, or one set by hand.
	Proxy ProxySettings
	// Sites are the per-site rules: Referer, User-Agent, extra headers and limit.
	Sites []SiteRule
	// Archive, when set, remembers every file saved and skips the links and
	// pictures saved before, even when their files are gone (package
	// archive keeps one per folder).
	Archive Archive
	// LearnedLimits is the file where the limits learned of sites are kept
	// for a day, read at New and written when a run stops; "" keeps them
	// for this Manager only.
	LearnedLimits string
	// DialContext replaces how connections are made (tests map host names to loopback).
	DialContext func(ctx context.Context, network, addr string) (net.Conn, error)
	// MaxLinks is the most items the list holds, finished ones included,
	// as the window counts them (Summary().Total): a link added to a full
	// list is Rejected as links.ReasonListFull. Zero, or more than
	// links.MaxRunLinks, is links.MaxRunLinks; tests set fewer.
	MaxLinks int
}

// DefaultUserAgent identifies Haul and its version to servers. The program
// sets the version in force with SetVersion before anything is downloaded.
var DefaultUserAgent = UserAgentFor("dev")

// UserAgentFor is Haul's User-Agent for version: "Haul/0.2.0 (+bulk downloader)".
func UserAgentFor(version string) string {
	return "Haul/" + version + " (+bulk downloader)"
}

// SetVersion makes DefaultUserAgent name version, the version of the running
// program; call it once at start, before any download.
func SetVersion(version string) {
	DefaultUserAgent = UserAgentFor(version)
}

// Defaults of the settings the window and haul get share; a zero setting
// in Options also means its default.
const (
	// DefaultConcurrency is how many downloads run at once.
	DefaultConcurrency = 8
	// DefaultRetries is how many times a failed download is tried again.
	DefaultRetries = 5
	// DefaultIdleTimeout is how long a connection may send nothing.
	DefaultIdleTimeout = 30 * time.Second
)

func (o Options) withDefaults() Options {
	if o.Concurrency <= 0 {
		o.Concurrency = DefaultConcurrency
	}
	o.Concurrency = min(o.Concurrency, MaxConcurrency)
	if o.MaxLinks <= 0 {
		o.MaxLinks = links.MaxRunLinks
	}
	o.MaxLinks = min(o.MaxLinks, links.MaxRunLinks)
	if o.PerHost < 0 {
		o.PerHost = 0
	}
	if o.Retries < 0 {
		o.Retries = 0
	}
	if o.Dir == "" {
		o.Dir = "downloads"
	}
	if o.IdleTimeout <= 0 {
		o.IdleTimeout = DefaultIdleTimeout
	}
	if o.ConnectTimeout <= 0 {
		o.ConnectTimeout = 15 * time.Second
	}
	if o.BackoffBase <= 0 {
		o.BackoffBase = time.Second
	}
	if o.BackoffMax <= 0 {
		o.BackoffMax = 60 * time.Second
	}
	if o.MaxRetryAfter <= 0 {
		o.MaxRetryAfter = 10 * time.Minute
	}
	if o.UserAgent == "" {
		o.UserAgent = DefaultUserAgent
	}
	return o
}

// MaxConcurrency is the highest "at once" setting; the global gate is sized
// to it. Higher values are lowered to it.
const MaxConcurrency = 256

// network is the part of the options that sets up the way to the sites.
func (o Options) network() network.Config {
	return network.Config{Client: o.Client, Jar: o.Jar, Proxy: o.Proxy, Sites: o.Sites,
		Header: o.Header, UserAgent: o.UserAgent, Referer: o.Referer, NoPageReferer: o.NoPageReferer,
		ConnectTimeout: o.ConnectTimeout, IdleTimeout: o.IdleTimeout, MaxIdlePerHost: MaxConcurrency,
		DialContext: o.DialContext}
}

// Fetching a large file over several connections: how many, and from
// which size on.
const (
	// DefaultConnectionsPerFile is how many connections fetch one large
	// file when the setting is automatic.
	DefaultConnectionsPerFile = 8
	// MaxConnectionsPerFile is the most the setting takes.
	MaxConnectionsPerFile = 16
	// SplitThreshold is the least a file must have left for more than
	// one connection to fetch it.
	SplitThreshold = 4 << 20
)

// smallFileMax is the largest body of known length received in memory and
// saved without a temporary name (see package try).
const smallFileMax = 256 << 10
