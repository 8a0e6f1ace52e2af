package settings

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"

	"haul/browser"
	"haul/gui/kit"
)

// browserInstaller registers Haul with the user's browsers; tests replace it.
var browserInstaller = browser.UserInstaller

// connectBrowsers registers Haul as the native messaging host of the
// user's browsers, so that the Save with Haul extension can hand it a
// page's pictures, and says with which, or why not, and what is next.
func (n *Network) connectBrowsers() {
	go func() {
		names, err := installBrowsers()
		n.host.Do(func() {
			title := lang.L("Connect to Chrome / Edge / Firefox")
			switch {
			case errors.Is(err, browser.ErrNoBrowser):
				dialog.ShowInformation(title, lang.L("Haul found none of Chrome, Chromium, Edge, Brave or Firefox used on this computer. Open your browser once, then try again."), n.host.Win)
			case err != nil:
				dialog.ShowInformation(title, lang.X("connect.failed", "Haul could not connect to the browsers: {{.Error}}", kit.Data{"Error": err.Error()}), n.host.Win)
			default:
				dialog.ShowInformation(title, lang.X("connect.done",
					"Haul is connected to {{.Browsers}}.\n\nNow add the Save with Haul extension to the browser (the README says how). Then right-click a page and choose \"Save all pictures with Haul\": its pictures open here, ready to choose.",
					kit.Data{"Browsers": strings.Join(names, ", ")}), n.host.Win)
			}
		})
	}()
}

// installBrowsers registers Haul with the browsers it finds.
func installBrowsers() ([]string, error) {
	in, err := browserInstaller()
	if err != nil {
		return nil, err
	}
	return in.Install()
}
