package gui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
)

func proxyLabels() []string {
	return []string{lang.L("Follow the system's settings"), lang.L("No proxy"), lang.L("This proxy:")}
}

// showProxy asks how to reach the sites: the system's proxy, none, or one
// typed in with an optional user and password. A change applies to the
// next request at once.
func (u *UI) showProxy() {
	p := u.network.Proxy
	mode := widget.NewRadioGroup(proxyLabels(), nil)
	mode.SetSelected(proxyLabels()[p.Mode])
	address := widget.NewEntry()
	address.SetPlaceHolder("socks5://127.0.0.1:1080")
	address.SetText(p.URL)
	user := widget.NewEntry()
	user.SetText(p.User)
	password := widget.NewPasswordEntry()
	password.SetText(p.Password)
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
		u.setProxy(chosen)
	}, u.win)
	d.Resize(fyne.NewSize(480, 300))
	u.showDialog(d)
}

// setProxy hands the proxy to the engine and remembers it, or explains
// why it cannot be used.
func (u *UI) setProxy(p downloader.ProxySettings) {
	if err := u.m.SetProxy(p); err != nil {
		dialog.ShowInformation(lang.L("Proxy"), lang.L("Haul cannot use that proxy. Type its address as http://, https:// or socks5:// followed by the name and port, such as socks5://127.0.0.1:1080."), u.win)
		return
	}
	u.network.Proxy = p
	u.saveNetwork()
}

// networkButtons open the proxy and site settings, for More settings.
func (u *UI) networkButtons() fyne.CanvasObject {
	return container.NewHBox(
		widget.NewButton(lang.L("Proxy…"), u.showProxy),
		widget.NewButton(lang.L("Sites…"), u.showSites),
	)
}
