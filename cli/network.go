package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"haul/downloader"
	"haul/downloader/cookies"
	"haul/i18n"
)

// network holds the flags for signing in and for the proxy.
type network struct {
	cookiesFile    string
	cookiesBrowser string
	proxy          string
	proxySettings  downloader.ProxySettings
	browserSource  cookies.Source
}

// flags declares -cookies, -cookies-from-browser and -proxy.
func (n *network) flags(fs *flag.FlagSet) {
	fs.StringVar(&n.cookiesFile, "cookies", "", "cli.flag.cookies")
	fs.StringVar(&n.cookiesBrowser, "cookies-from-browser", "", "cli.flag.cookiesfrombrowser")
	fs.StringVar(&n.proxy, "proxy", "", "cli.flag.proxy")
}

// check reads the proxy and the browser named, which must make sense.
func (n *network) check() error {
	p, err := downloader.ParseProxy(n.proxy)
	if err != nil {
		return errors.New(tr().X("cli.check.proxy", i18n.Data{"Value": strconv.Quote(n.proxy)}))
	}
	n.proxySettings = p
	if strings.TrimSpace(n.cookiesBrowser) != "" {
		src, err := cookies.ParseSource(n.cookiesBrowser)
		if err != nil {
			return fmt.Errorf("-cookies-from-browser: %s", i18n.CookieProblem(tr(), err))
		}
		n.browserSource = src
	}
	return nil
}

// loadCookies puts the cookies of -cookies and -cookies-from-browser into
// the Manager's jar. It reports how many, never what they are.
func (n *network) loadCookies(m *downloader.Manager, quiet bool, stderr io.Writer) error {
	type source struct {
		name string
		read func() ([]cookies.Cookie, error)
	}
	var sources []source
	if n.cookiesFile != "" {
		sources = append(sources, source{n.cookiesFile, func() ([]cookies.Cookie, error) { return cookies.ReadFile(n.cookiesFile) }})
	}
	if n.browserSource.Browser != "" {
		sources = append(sources, source{n.cookiesBrowser, func() ([]cookies.Cookie, error) { return cookies.FromBrowser(n.browserSource) }})
	}
	for _, s := range sources {
		cs, err := s.read()
		if err != nil {
			return err
		}
		added := m.Network().AddCookies(cs)
		if !quiet {
			fmt.Fprintln(stderr, tr().X("cli.cookies.loaded", i18n.Data{"N": added, "Source": s.name}))
		}
	}
	return nil
}

// signInHint tells how to sign in when a failure says the site wants it.
func signInHint(stderr io.Writer, errs ...*downloader.ItemError) {
	for _, e := range errs {
		if e.NeedsSignIn() {
			fmt.Fprintln(stderr, tr().X("cli.signin.hint", nil))
			return
		}
	}
}
