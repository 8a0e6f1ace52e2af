package gui

import (
	"net/url"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
	"golang.org/x/net/publicsuffix"

	"haul/downloader"
	"haul/downloader/cookies"
	"haul/gui/kit"
	"haul/gui/settings"
	"haul/i18n"
)

// askSignIn offers the cookies of the browser the user is signed in with,
// or of a cookies.txt file, for the site of link; the site's failed items
// are retried once the cookies are in.
func (u *UI) askSignIn(link string) {
	var choices []string
	for _, b := range cookies.Browsers() {
		choices = append(choices, cookies.DisplayName(b))
	}
	fileChoice := lang.L("A cookies.txt file…")
	choices = append(choices, fileChoice)
	pick := widget.NewSelect(choices, nil)
	pick.SetSelectedIndex(0)
	text := widget.NewLabel(lang.L("Sign in to the site in your browser first, then choose that browser. Haul reads its cookies and tries the site's failed downloads again."))
	text.Wrapping = fyne.TextWrapWord
	d := dialog.NewCustomConfirm(lang.L("Use cookies from my browser…"), lang.L("Use these cookies"), lang.L("Cancel"),
		container.NewVBox(text, pick), func(ok bool) {
			switch {
			case !ok:
			case pick.Selected == fileChoice:
				u.chooseCookiesFile(link)
			default:
				u.useCookies(cookies.Browsers()[pick.SelectedIndex()], link)
			}
		}, u.win)
	d.Resize(fyne.NewSize(480, 240))
	d.Show()
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
// sign-in may cure.
func (u *UI) useCookies(source, link string) {
	go func() {
		cs, err := settings.ReadCookies(source)
		u.do(func() {
			if err != nil {
				dialog.ShowInformation(lang.L("Could not use those cookies"), i18n.CookieProblem(kit.Tr, err), u.win)
				return
			}
			n := u.m.AddCookies(cs)
			u.network.RememberCookies(siteOf(link), source)
			retried := u.retrySite(link)
			u.intake.set(lang.X("signin.used", "Using {{.N}} cookies; trying {{.Retried}} downloads of {{.Site}} again.",
				kit.Data{"N": n, "Retried": retried, "Site": siteOf(link)}), nil)
		})
	}()
}

// retrySite retries the failed items of link's site that a sign-in may
// cure, and returns how many.
func (u *UI) retrySite(link string) int {
	site := siteOf(link)
	items, _ := u.m.Snapshot()
	n := 0
	for _, it := range items {
		if it.State == downloader.Failed && it.Err.NeedsSignIn() && siteOf(it.URL) == site && u.m.Retry(it.ID) {
			n++
		}
	}
	return n
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
