package downloader

import "net/url"

// ShownLink is link as Haul shows and writes it for people to read (the
// report, the terminal, the window): a password in it is replaced by
// "xxxxx", so it never leaves the place it is needed to fetch. A link that
// does not parse, or holds no password, is shown as it is.
func ShownLink(link string) string {
	u, err := url.Parse(link)
	if err != nil || u.User == nil {
		return link
	}
	if _, has := u.User.Password(); !has {
		return link
	}
	return u.Redacted()
}
