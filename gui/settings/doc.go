// Package settings holds the window's settings that live under More…:
// the More settings dialog itself, the proxy, the per-site rules with the
// cookies they name, and the window's language. The proxy and the site
// rules are kept in a file of their own, readable by the user only.
package settings
