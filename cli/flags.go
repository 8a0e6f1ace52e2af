package cli

import (
	"cmp"
	"errors"
	"flag"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"haul/downloader"
	"haul/downloader/naming"
	"haul/downloader/render"
	"haul/i18n"
)

// config is a parsed "haul get" command line.
type config struct {
	dir         string
	limits      downloader.Limits
	idleTimeout time.Duration
	header      http.Header
	referer     string
	userAgent   string
	report      string
	reportBOM   bool
	// reportMachine writes the report's stable column names and reason codes, for scripts.
	reportMachine bool
	state         string
	// archive is the -archive file: links and pictures saved before are skipped.
	archive  string
	fromPage string
	// all saves every picture found on -from-page, not only the chosen.
	all   bool
	pages int
	// render reads -from-page in the user's browser; renderScreens bounds its scrolling.
	render        bool
	renderScreens int
	renderTimeout time.Duration
	savePages     bool
	quiet         bool
	globOff       bool
	inputs        []string
	network
}

// options turns the configuration into downloader options.
func (c config) options() downloader.Options {
	opts := downloader.Options{
		Limits:      c.limits,
		Dir:         c.dir,
		IdleTimeout: c.idleTimeout,
		Header:      c.header,
		UserAgent:   c.userAgent,
		Referer:     c.referer,
		SavePages:   c.savePages,
		Proxy:       c.proxySettings,

		LearnedLimits: learnedLimitsPath(),
	}
	if ua := c.header.Get("User-Agent"); ua != "" && opts.UserAgent == "" {
		opts.UserAgent = ua
	}
	if optionsHook != nil {
		optionsHook(&opts)
	}
	return opts
}

// optionsHook lets tests shorten the retry backoff; nil in the product.
var optionsHook func(*downloader.Options)

// newFlagSet declares the flags of "haul get", filling c. Each flag's usage
// is the key of its help message, put in the user's language only when the
// help is shown (printFlags): reading the language catalogues is the
// longest part of starting, and a download does not wait for it.
func newFlagSet(c *config, limit *byteRate, headers *headerList, onExists *string, bad *badValue) *flag.FlagSet {
	fs := flag.NewFlagSet("haul get", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	value := func(v flag.Value, name, usage string) { fs.Var(named{Value: v, name: name, bad: bad}, name, usage) }
	c.limits.Concurrency, c.limits.Retries, c.pages = downloader.DefaultConcurrency, downloader.DefaultRetries, 1
	c.idleTimeout = downloader.DefaultIdleTimeout
	fs.StringVar(&c.dir, "o", "./downloads", "cli.flag.o")
	value(intFlag(&c.limits.Concurrency, downloadsValue), "c", "cli.flag.c")
	value(intFlag(&c.limits.PerHost, downloadsValue), "per-host", "cli.flag.perhost")
	value(intFlag(&c.limits.ConnectionsPerFile, connectionsValue), "split", "cli.flag.split")
	value(floatFlag(&c.limits.RequestsPerSec, rateValue), "rate", "cli.flag.rate")
	value(hostRateFlag(&c.limits.PerHostRate), "per-host-rate", "cli.flag.perhostrate")
	value(siteWaitFlag(&c.limits.SiteWait), "site-wait", "cli.flag.sitewait")
	value(intFlag(&c.limits.PerHostDaily, filesValue), "per-host-daily", "cli.flag.perhostdaily")
	value(limit, "limit", "cli.flag.limit")
	value((*byteSize)(&c.limits.MaxSize), "max-size", "cli.flag.maxsize")
	value(intFlag(&c.limits.Retries, triesValue), "retries", "cli.flag.retries")
	value(durationFlag(&c.idleTimeout), "timeout", "cli.flag.timeout")
	fs.StringVar(onExists, "on-exists", "skip", "cli.flag.onexists")
	fs.StringVar(&c.report, "report", "", "cli.flag.report")
	fs.BoolVar(&c.reportBOM, "report-bom", false, "cli.flag.reportbom")
	fs.BoolVar(&c.reportMachine, "report-machine", false, "cli.flag.reportmachine")
	value(headers, "H", "cli.flag.header")
	fs.StringVar(&c.referer, "referer", "", "cli.flag.referer")
	fs.StringVar(&c.userAgent, "user-agent", "", "cli.flag.useragent")
	fs.StringVar(&c.state, "state", "", "cli.flag.state")
	fs.StringVar(&c.archive, "archive", "", "cli.flag.archive")
	fs.StringVar(&c.fromPage, "from-page", "", "cli.flag.frompage")
	fs.BoolVar(&c.all, "all", false, "cli.flag.all")
	c.network.flags(fs)
	value(intFlag(&c.pages, pagesValue), "pages", "cli.flag.pages")
	fs.BoolVar(&c.render, "render", false, "cli.flag.render")
	fs.IntVar(&c.renderScreens, "render-screens", 0, "cli.flag.renderscreens")
	value(durationFlag(&c.renderTimeout), "render-timeout", "cli.flag.rendertimeout")
	fs.BoolVar(&c.limits.KeepDuplicates, "keep-duplicates", false, "cli.flag.keepduplicates")
	fs.BoolVar(&c.limits.NoPageReferer, "no-page-referer", false, "cli.flag.nopagereferer")
	fs.BoolVar(&c.savePages, "save-pages", false, "cli.flag.savepages")
	fs.BoolVar(&c.quiet, "q", false, "cli.flag.q")
	fs.BoolVar(&c.globOff, "g", false, "cli.flag.g")
	fs.BoolVar(&c.globOff, "globoff", false, "cli.flag.globoff")
	fs.BoolVar(&c.limits.PageFolders, "subfolders", false, "cli.flag.subfolders")
	fs.StringVar(&c.limits.NameTemplate, "name", "", "cli.flag.name")
	return fs
}

// parseFlags reads the command line of "haul get". Flags may come before,
// between or after the inputs; everything after "--" is an input. It returns
// flag.ErrHelp for -h, and the flag set so the caller can print its usage.
func parseFlags(args []string) (config, *flag.FlagSet, error) {
	var (
		c        config
		limit    byteRate
		headers  headerList
		onExists string
		bad      badValue
	)
	fs := newFlagSet(&c, &limit, &headers, &onExists, &bad)
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			if bad.err != nil {
				return c, fs, bad.err
			}
			return c, fs, err
		}
		rest := fs.Args()
		if consumed := args[:len(args)-len(rest)]; len(consumed) > 0 && consumed[len(consumed)-1] == "--" {
			c.inputs = append(c.inputs, rest...)
			break
		}
		if len(rest) == 0 {
			break
		}
		c.inputs = append(c.inputs, rest[0])
		args = rest[1:]
	}
	policy, ok := downloader.ParseExistsPolicy(onExists)
	if !ok {
		return c, fs, errors.New(tr().X("cli.check.onexists", i18n.Data{"Value": strconv.Quote(onExists)}))
	}
	c.limits.OnExists = policy
	c.limits.BytesPerSec = int64(limit)
	c.header = headers.h
	if err := c.network.check(); err != nil {
		return c, fs, err
	}
	if err := c.check(); err != nil {
		return c, fs, err
	}
	return c, fs, nil
}

// check rejects values that parse but make no sense.
func (c config) check() error {
	if err := c.checkLimits(); err != nil {
		return err
	}
	switch {
	case c.render && c.fromPage == "":
		return errors.New(tr().X("cli.check.render", nil))
	case c.renderScreens < 0:
		return errors.New(tr().X("cli.check.renderscreens", i18n.Data{"Value": c.renderScreens, "Default": render.DefaultScreens}))
	case c.pages < 1:
		return errors.New(tr().X("cli.check.pages", i18n.Data{"Value": c.pages}))
	case c.idleTimeout <= 0:
		return errors.New(tr().X("cli.check.timeout", i18n.Data{"Value": c.idleTimeout}))
	case strings.TrimSpace(c.dir) == "":
		return errors.New(tr().X("cli.check.o", nil))
	case isFile(c.dir):
		return badValueError(folderValue, c.dir)
	case c.userAgent != "" && !validHeaderValue(c.userAgent):
		return errors.New(tr().X("cli.check.useragent", nil))
	}
	return cmp.Or(c.checkAddresses(), c.checkTemplate(), c.checkReport())
}

// checkLimits rejects numeric limits out of their range: at once, per
// site, files a day from a site, connections per file, requests a second
// and retries.
func (c config) checkLimits() error {
	switch {
	case c.limits.Concurrency < 1 || c.limits.Concurrency > downloader.MaxConcurrency:
		return errors.New(tr().X("cli.check.c", i18n.Data{"Value": c.limits.Concurrency, "Max": downloader.MaxConcurrency}))
	case c.limits.PerHost < 0:
		return errors.New(tr().X("cli.check.perhost", i18n.Data{"Value": c.limits.PerHost}))
	case c.limits.PerHostDaily < 0:
		return errors.New(tr().X("cli.check.perhostdaily", i18n.Data{"Value": c.limits.PerHostDaily}))
	case c.limits.ConnectionsPerFile < 0 || c.limits.ConnectionsPerFile > downloader.MaxConnectionsPerFile:
		return errors.New(tr().X("cli.check.split", i18n.Data{"Value": c.limits.ConnectionsPerFile, "Max": downloader.MaxConnectionsPerFile}))
	case c.limits.RequestsPerSec < 0:
		return errors.New(tr().X("cli.check.rate", i18n.Data{"Value": c.limits.RequestsPerSec}))
	case c.limits.Retries < 0:
		return errors.New(tr().X("cli.check.retries", i18n.Data{"Value": c.limits.Retries}))
	}
	return nil
}

// checkReport rejects a -report file that cannot be written, found out
// before anything is downloaded rather than after: one in a folder that
// does not exist, a folder, or one of the lists of links being read, which
// the report would replace.
func (c config) checkReport() error {
	if c.report == "" {
		return nil
	}
	folder := filepath.Dir(c.report)
	if info, err := os.Stat(folder); err != nil || !info.IsDir() {
		return errors.New(tr().X("cli.check.reportfolder", i18n.Data{"Report": c.report, "Folder": folder}))
	}
	report, err := os.Stat(c.report)
	switch {
	case err != nil:
		return nil
	case report.IsDir():
		return errors.New(tr().X("cli.check.reportisfolder", i18n.Data{"Report": c.report}))
	}
	for _, input := range c.inputs {
		if info, err := os.Stat(input); err == nil && os.SameFile(info, report) {
			return errors.New(tr().X("cli.check.reportinput", i18n.Data{"Report": c.report}))
		}
	}
	return nil
}

// checkAddresses rejects -from-page and -referer values that are not full
// web addresses.
func (c config) checkAddresses() error {
	if c.fromPage != "" {
		u, err := url.Parse(c.fromPage)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return errors.New(tr().X("cli.check.frompage", i18n.Data{"Value": strconv.Quote(c.fromPage)}))
		}
	}
	if c.referer != "" {
		u, err := url.Parse(c.referer)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return errors.New(tr().X("cli.check.referer", i18n.Data{"Value": strconv.Quote(c.referer)}))
		}
	}
	return nil
}

// checkTemplate rejects a -name template with a field that does not exist.
func (c config) checkTemplate() error {
	if field := naming.UnknownField(c.limits.NameTemplate); field != "" {
		return errors.New(tr().X("cli.check.name", i18n.Data{"Value": strconv.Quote(c.limits.NameTemplate), "Field": field}))
	}
	return nil
}

// isFile reports whether path names something that exists and is not a
// folder, so nothing can be saved into it.
func isFile(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir()
}
