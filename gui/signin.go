package gui

import (
	"net/url"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"golang.org/x/net/publicsuffix"

	"haul/downloader/cookies"
	"haul/gui/kit"
	"haul/gui/settings"
	"haul/i18n"
)

// askSignIn offers the cookies of the browser the user is signed in with,
// or of a cookies.txt file, for the site of link, one button each, so one
// click picks the source; the site's failed items are retried once the
// cookies are in.
func (u *UI) askSignIn(link string) {
	text := widget.NewLabel(lang.L("Sign in to the site in your browser first, then choose that browser. Haul reads its cookies and tries the site's failed downloads again."))
	text.Wrapping = fyne.TextWrapWord
	sources := container.NewVBox()
	var d dialog.Dialog
	choose := func(act func()) func() {
		return func() {
			d.Hide()
			act()
		}
	}
	for _, b := range cookies.Browsers() {
		sources.Add(widget.NewButtonWithIcon(cookies.DisplayName(b), theme.ComputerIcon(), choose(func() { u.useCookies(b, link) })))
	}
	sources.Add(widget.NewButtonWithIcon(lang.L("A cookies.txt file…"), theme.FileIcon(), choose(func() { u.chooseCookiesFile(link) })))
	d = dialog.NewCustom(lang.L("Use cookies from my browser…"), lang.L("Cancel"), container.NewVBox(text, sources), u.win)
	d.Resize(fyne.NewSize(480, 0))
	u.showDialog(d)
}

// chooseCookiesFile asks for a cookies.txt file to use for the site of link.
func (u *UI) chooseCookiesFile(link string) {
	home, _ := os.UserHomeDir()
	newChooser(u, lang.L("Choose a cookies.txt file"), false, []string{".txt"}, home, func(path string) {
		u.useCookies(settings.CookiesFilePrefix+path, link)
	}).show()
}

// useCookies reads the cookies of source in the background, puts them into
// the engine's jar and retries the failed downloads of link's site that a
// sign-in may cure (see retryAfterSignIn).
func (u *UI) useCookies(source, link string) {
	go func() {
		cs, err := settings.ReadCookies(source)
		u.do(func() {
			if err != nil {
				dialog.ShowInformation(lang.L("Could not use those cookies"), i18n.CookieProblem(kit.Tr, err), u.win)
				return
			}
			n := u.m.Network().AddCookies(cs)
			u.network.RememberCookies(siteOf(link), source)
			retried := retryAfterSignIn(u.m, siteOf(link))
			u.intake.set(lang.X("signin.used", "Using {{.N}} cookies; trying {{.Retried}} downloads of {{.Site}} again.",
				kit.Data{"N": n, "Retried": retried, "Site": siteOf(link)}), nil)
		})
	}()
}

// siteOf is the site a link belongs to: its registrable domain
// (img.example.com → example.com), or its host.
func siteOf(link string) string {
	p, err := url.Parse(link)
	if err != nil {
		return ""
	}
	host := p.Hostname()
	if d, err := publicsuffix.EffectiveTLDPlusOne(host); err == nil {
		return d
	}
	return host
}
