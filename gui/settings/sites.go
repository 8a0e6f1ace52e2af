package settings

import (
	"net/http"
	"net/textproto"
	"net/url"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"golang.org/x/net/http/httpguts"

	"haul/downloader"
	"haul/downloader/cookies"
	"haul/gui/kit"
)

// showSites lists the site rules, with buttons to add, change and remove them.
func (n *Network) showSites() {
	list := container.NewVBox()
	var refresh func()
	refresh = func() {
		list.RemoveAll()
		if len(n.saved.Sites) == 0 {
			list.Add(widget.NewLabel(lang.L("No site has its own rules: every site gets the page as Referer and Haul's User-Agent.")))
		}
		for i, r := range n.saved.Sites {
			change := widget.NewButton(lang.L("Change…"), func() { n.editSite(i, refresh) })
			remove := widget.NewButtonWithIcon("", theme.DeleteIcon(), func() {
				n.saved.Sites = slices.Delete(n.saved.Sites, i, i+1)
				n.applySites()
				refresh()
			})
			list.Add(container.NewBorder(nil, nil, nil, container.NewHBox(change, remove), widget.NewLabel(r.Site)))
		}
	}
	refresh()
	add := widget.NewButtonWithIcon(lang.L("Add a site…"), theme.ContentAddIcon(), func() { n.editSite(-1, refresh) })
	content := container.NewBorder(nil, add, nil, nil, container.NewVScroll(list))
	d := dialog.NewCustom(lang.L("Sites"), lang.L("Close"), content, n.host.Win)
	d.Resize(fyne.NewSize(520, 360))
	n.host.ShowDialog(d)
}

// siteForm holds the fields of one site rule being edited.
type siteForm struct {
	site, referer, agent, headers, cookiesFile *widget.Entry
	refererRule, agentRule, cookiesFrom        *widget.Select
	perHost                                    *widget.Select
	// perMinute, perDay, slowStatuses and slowText are the site's own
	// limits a minute and a day and its ways of saying "slow down" (see
	// throttle.go).
	perMinute, perDay, slowStatuses, slowText *widget.Entry
}

func refererLabels() []string {
	return []string{lang.L("The page it was found on"), lang.L("None"), lang.L("This address:")}
}

func agentLabels() []string {
	return []string{lang.L("Haul's own"), lang.L("A web browser's"), lang.L("This one:")}
}

func cookieLabels() []string {
	labels := []string{lang.L("None")}
	for _, b := range cookies.Browsers() {
		labels = append(labels, cookies.DisplayName(b))
	}
	return append(labels, lang.L("A cookies.txt file…"))
}

func newSiteForm(r downloader.SiteRule) *siteForm {
	f := &siteForm{site: widget.NewEntry(), referer: widget.NewEntry(), agent: widget.NewEntry(),
		headers: widget.NewMultiLineEntry(), cookiesFile: widget.NewEntry()}
	f.site.SetPlaceHolder("example.com")
	f.site.SetText(r.Site)
	f.referer.SetText(r.FixedReferer)
	f.agent.SetText(r.CustomAgent)
	f.headers.SetPlaceHolder("X-Name: value")
	f.headers.SetText(headerText(r.Header))
	f.refererRule = widget.NewSelect(refererLabels(), nil)
	f.refererRule.SetSelectedIndex(int(r.Referer))
	f.agentRule = widget.NewSelect(agentLabels(), nil)
	f.agentRule.SetSelectedIndex(int(r.Agent))
	f.cookiesFrom = widget.NewSelect(cookieLabels(), nil)
	f.cookiesFrom.SetSelectedIndex(cookieChoice(r.Cookies))
	f.cookiesFile.SetPlaceHolder(lang.L("cookies.txt file"))
	if path, ok := strings.CutPrefix(r.Cookies, CookiesFilePrefix); ok {
		f.cookiesFile.SetText(path)
	}
	f.perHost = widget.NewSelect(PerHostLabels(), nil)
	f.perHost.SetSelected(PerHostLabel(r.PerHost))
	f.newThrottleEntries(r)
	f.refererRule.OnChanged = func(string) { f.enableEntries() }
	f.agentRule.OnChanged = func(string) { f.enableEntries() }
	f.cookiesFrom.OnChanged = func(string) { f.enableEntries() }
	f.enableEntries()
	return f
}

// enableEntries lets the user type only where the choice beside asks for it.
func (f *siteForm) enableEntries() {
	enableIf(f.referer, f.refererRule.SelectedIndex() == int(downloader.RefererFixed))
	enableIf(f.agent, f.agentRule.SelectedIndex() == int(downloader.AgentCustom))
	enableIf(f.cookiesFile, f.cookiesFrom.SelectedIndex() > len(cookies.Browsers()))
}

func enableIf(e *widget.Entry, on bool) {
	if on {
		e.Enable()
	} else {
		e.Disable()
	}
}

// cookieChoice is the index in cookieLabels of a rule's cookie source.
func cookieChoice(source string) int {
	if source == "" {
		return 0
	}
	if strings.HasPrefix(source, CookiesFilePrefix) {
		return len(cookies.Browsers()) + 1
	}
	name, _, _ := strings.Cut(source, ":")
	return slices.Index(cookies.Browsers(), name) + 1
}

func (f *siteForm) items() []*widget.FormItem {
	return []*widget.FormItem{
		widget.NewFormItem(lang.L("Site:"), f.site),
		widget.NewFormItem(lang.L("Referer:"), container.NewGridWithColumns(2, f.refererRule, f.referer)),
		widget.NewFormItem(lang.L("User-Agent:"), container.NewGridWithColumns(2, f.agentRule, f.agent)),
		widget.NewFormItem(lang.L("Extra headers:"), f.headers),
		widget.NewFormItem(lang.L("Cookies from:"), container.NewGridWithColumns(2, f.cookiesFrom, f.cookiesFile)),
		widget.NewFormItem(lang.L("At once from this site:"), f.perHost),
		widget.NewFormItem(lang.L("Requests a minute:"), f.perMinute),
		widget.NewFormItem(lang.L("Files a day:"), f.perDay),
		widget.NewFormItem(lang.L("It says slow down with:"), container.NewGridWithColumns(2, f.slowStatuses, f.slowText)),
	}
}

// rule reads the form; problem is what is wrong with it, in words.
func (f *siteForm) rule() (downloader.SiteRule, string) {
	site := strings.ToLower(strings.TrimSpace(f.site.Text))
	if u, err := url.Parse(site); err == nil && u.Host != "" {
		site = u.Hostname()
	}
	if site == "" || strings.ContainsAny(site, " /:") {
		return downloader.SiteRule{}, lang.L("Type the site's name, such as example.com.")
	}
	r := downloader.SiteRule{Site: site, Referer: downloader.RefererRule(f.refererRule.SelectedIndex()),
		Agent: downloader.AgentRule(f.agentRule.SelectedIndex()), PerHost: kit.Atoi(f.perHost.Selected)}
	if problem := f.readRefererAndAgent(&r); problem != "" {
		return r, problem
	}
	h, ok := parseHeaders(f.headers.Text)
	if !ok {
		return r, lang.L("Write each extra header on its own line as Name: value.")
	}
	r.Header = h
	if problem := f.readThrottle(&r); problem != "" {
		return r, problem
	}
	r.Cookies = f.cookieSource()
	if r.Cookies == CookiesFilePrefix {
		return r, lang.L("Type where the cookies.txt file is.")
	}
	return r, ""
}

// readRefererAndAgent reads the typed Referer and User-Agent into r when
// the rule asks for them; problem is what is wrong with them, in words.
func (f *siteForm) readRefererAndAgent(r *downloader.SiteRule) (problem string) {
	if r.Referer == downloader.RefererFixed {
		u, err := url.Parse(strings.TrimSpace(f.referer.Text))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return lang.L("Type the Referer as a full address, such as https://example.com/.")
		}
		r.FixedReferer = u.String()
	}
	if r.Agent == downloader.AgentCustom {
		r.CustomAgent = strings.TrimSpace(f.agent.Text)
		if r.CustomAgent == "" || !httpguts.ValidHeaderFieldValue(r.CustomAgent) {
			return lang.L("Type the User-Agent to send.")
		}
	}
	return ""
}

// cookieSource is the cookie source chosen: "", a browser name, or a file.
func (f *siteForm) cookieSource() string {
	i := f.cookiesFrom.SelectedIndex()
	switch {
	case i <= 0:
		return ""
	case i > len(cookies.Browsers()):
		return CookiesFilePrefix + strings.TrimSpace(f.cookiesFile.Text)
	}
	return cookies.Browsers()[i-1]
}

// parseHeaders reads "Name: value" lines; ok is false for a line that is not one.
func parseHeaders(text string) (http.Header, bool) {
	var h http.Header
	for line := range strings.SplitSeq(text, "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		name, value, found := strings.Cut(line, ":")
		name, value = strings.TrimSpace(name), strings.TrimSpace(value)
		if !found || !httpguts.ValidHeaderFieldName(name) || !httpguts.ValidHeaderFieldValue(value) {
			return nil, false
		}
		if h == nil {
			h = http.Header{}
		}
		h.Add(textproto.CanonicalMIMEHeaderKey(name), value)
	}
	return h, true
}

// headerText writes headers as "Name: value" lines.
func headerText(h http.Header) string {
	var lines []string
	for _, k := range slices.Sorted(func(yield func(string) bool) {
		for k := range h {
			if !yield(k) {
				return
			}
		}
	}) {
		for _, v := range h[k] {
			lines = append(lines, k+": "+v)
		}
	}
	return strings.Join(lines, "\n")
}

// editSite edits rule i (or a new rule when i < 0); done runs after a save.
func (n *Network) editSite(i int, done func()) {
	var r downloader.SiteRule
	if i >= 0 {
		r = n.saved.Sites[i]
	}
	f := newSiteForm(r)
	d := dialog.NewForm(lang.L("Site rules"), lang.L("Save"), lang.L("Cancel"), f.items(), func(ok bool) {
		if ok {
			n.saveSiteRule(i, f, done)
		}
	}, n.host.Win)
	d.Resize(fyne.NewSize(min(n.host.Win.Canvas().Size().Width-40, 680), 460))
	n.host.ShowDialog(d)
}

// saveSiteRule stores the edited rule, or explains what is wrong with it.
func (n *Network) saveSiteRule(i int, f *siteForm, done func()) {
	r, problem := f.rule()
	if problem != "" {
		dialog.ShowInformation(lang.L("Site rules"), problem, n.host.Win)
		return
	}
	if i >= 0 {
		n.saved.Sites[i] = r
	} else {
		n.saved.Sites = append(n.saved.Sites, r)
	}
	n.applySites()
	if r.Cookies != "" {
		n.loadSiteCookies(r)
	}
	done()
}
