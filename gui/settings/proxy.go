package settings

import (
	"net/url"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/gui/kit"
)

func proxyLabels() []string {
	return []string{lang.L("Follow the system's settings"), lang.L("No proxy"), lang.L("This proxy:")}
}

// showProxy asks how to reach the sites: the system's proxy, none, or one
// typed in with an optional user and password. A change applies to the
// next request at once.
func (n *Network) showProxy() {
	p := n.saved.Proxy
	mode := widget.NewRadioGroup(proxyLabels(), nil)
	mode.SetSelected(proxyLabels()[p.Mode])
	address := widget.NewEntry()
	address.SetPlaceHolder("socks5://127.0.0.1:1080")
	address.SetText(p.URL)
	user := widget.NewEntry()
	user.SetText(p.User)
	password := widget.NewPasswordEntry()
	password.SetText(p.Password)
	// Typing an address or a user means that proxy: it is chosen for the
	// user, who would otherwise save the system's settings unawares.
	manual := func(text string) {
		if text != "" {
			mode.SetSelected(proxyLabels()[downloader.ProxyManual])
		}
	}
	address.OnChanged, user.OnChanged = manual, manual
	items := []*widget.FormItem{
		widget.NewFormItem("", mode),
		widget.NewFormItem(lang.L("Address:"), address),
		widget.NewFormItem(lang.L("User (if it asks):"), user),
		widget.NewFormItem(lang.L("Password:"), password),
	}
	d := dialog.NewForm(lang.L("Proxy"), lang.L("Save"), lang.L("Cancel"), items, func(ok bool) {
		if !ok {
			return
		}
		chosen := downloader.ProxySettings{URL: address.Text, User: user.Text, Password: password.Text}
		for i, l := range proxyLabels() {
			if l == mode.Selected {
				chosen.Mode = downloader.ProxyMode(i)
			}
		}
		n.setProxy(chosen)
	}, n.host.Win)
	d.Resize(fyne.NewSize(480, 300))
	n.host.ShowDialog(d)
}

// setProxy hands the proxy to the engine and remembers it, or explains
// why it cannot be used.
func (n *Network) setProxy(p downloader.ProxySettings) {
	if err := n.host.Engine.Network().SetProxy(p); err != nil {
		dialog.ShowInformation(lang.L("Proxy"), lang.L("Haul cannot use that proxy. Type its address as http://, https:// or socks5:// followed by the name and port, such as socks5://127.0.0.1:1080."), n.host.Win)
		return
	}
	n.saved.Proxy = p
	n.save()
}

// Buttons open the proxy and site settings, and connect Haul to the
// browsers, for More settings.
func (n *Network) Buttons() fyne.CanvasObject {
	return container.NewVBox(
		container.NewHBox(widget.NewButton(lang.L("Proxy…"), n.showProxy), widget.NewButton(lang.L("Sites…"), n.showSites)),
		container.NewHBox(widget.NewButton(lang.L("Connect to Chrome / Edge / Firefox"), n.connectBrowsers)),
	)
}

// InUse says which proxy the requests go through, for the window to show:
// "" when they go to the sites directly. A proxy is named by its host and
// port, never with its user or password.
func (n *Network) InUse() string {
	p := n.saved.Proxy
	switch p.Mode {
	case downloader.ProxyManual:
		return lang.X("proxy.inuse", "Through the proxy {{.Host}}", kit.Data{"Host": proxyHost(p.URL)})
	case downloader.ProxySystem:
		if env := systemProxy(); env != "" {
			return lang.X("proxy.system", "Through the system's proxy {{.Host}}", kit.Data{"Host": proxyHost(env)})
		}
	}
	return ""
}

// systemProxy is the proxy the environment names for web addresses, or "".
func systemProxy() string {
	for _, name := range []string{"HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"} {
		if v := os.Getenv(name); v != "" {
			return v
		}
	}
	return ""
}

// proxyHost is the host and port of a proxy address, without its user.
func proxyHost(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		return u.Host
	}
	return raw
}
