package items

import (
	"net/url"
	"sync"
)

// A password in a link ("https://user:pw@host/file") is needed to fetch
// the link and nowhere else. The item keeps its link without it (its key,
// what the queue saves, what the note on its file says, what is shown);
// linkSecrets keeps the user name and password of such links in memory
// only, by key, and lends them to the requests. A run that restores a
// queue learns them again from the links it is given (haul get's list, a
// link added to the window again); an item restored without its password
// is fetched without it.

// linkSecrets holds the passwords of the links that came with one, by
// the link's key. Its mu is taken last.
type linkSecrets struct {
	mu    sync.Mutex
	users map[string]*url.Userinfo
}

// keep notes the password of the link key, when user holds one; a later
// password for the same link replaces an earlier one.
func (s *linkSecrets) keep(key string, user *url.Userinfo) {
	if user == nil {
		return
	}
	if _, has := user.Password(); !has {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.users == nil {
		s.users = map[string]*url.Userinfo{}
	}
	s.users[key] = user
}

// lend gives u, the link key parsed, its password back for a request.
func (s *linkSecrets) lend(key string, u *url.URL) *url.URL {
	s.mu.Lock()
	defer s.mu.Unlock()
	if user, ok := s.users[key]; ok {
		u.User = user
	}
	return u
}

// forget drops the password of the link key, once its item is removed.
func (s *linkSecrets) forget(key string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.users, key)
}
