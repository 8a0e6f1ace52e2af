package downloader

import "net/url"

// ShownLink is link as Haul shows and writes it for people to read (the
// report, the terminal, the window): a password in it is replaced by
// "xxxxx", so it never leaves the place it is needed to fetch, and an
// international site name is shown in its own letters (see readableHost).
// A link that does not parse is shown as it is.
func ShownLink(link string) string {
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	shown := link
	if u.User != nil {
		if _, has := u.User.Password(); has {
			shown = u.Redacted()
		}
	}
	return withHost(shown, readableHost(u.Hostname()))
}
