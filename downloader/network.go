package downloader

// Network is the engine's way to the sites, for requests the app makes
// itself and for its cookies, proxy and site rules.
func (m *Manager) Network() *Network { return m.net }
