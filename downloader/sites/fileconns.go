package sites

import "time"

// The quiet spells after which a site's learned limit of connections for a
// file fetched in parts is raised a step, as throttle raises the limits it
// learned of a site: the first after a refusal, doubled each time a step up
// is refused soon after, up to the longest.
const (
	// FirstConnProbe is the first quiet spell after a refusal.
	FirstConnProbe   = 10 * time.Second
	longestConnProbe = 5 * time.Minute
)

// fileConnLimit is what Haul learned of how many connections at once a site
// takes for a file fetched in parts. A refusal of one more lowers it to the
// connections the site holds; a quiet spell without a refusal raises it a
// step, so a site busy for a while is not held to its low until Haul
// restarts. Sites.mu guards it.
type fileConnLimit struct {
	most     int           // 0 while none is learned
	every    time.Duration // the quiet spell before the next step up
	next     time.Time     // when the next step up is due
	raisedAt time.Time     // the last step up
}

// at is the most connections the site takes now, 0 when none is learned.
// A quiet spell that has passed raises the limit a step; past the most the
// setting takes, the limit is forgotten.
func (l *fileConnLimit) at(now time.Time, most int) int {
	if l.most == 0 || now.Before(l.next) {
		return l.most
	}
	if l.most >= most {
		*l = fileConnLimit{}
		return 0
	}
	l.most++
	l.raisedAt, l.next = now, now.Add(l.every)
	return l.most
}

// refused lowers the limit to the active connections of the site, at
// least one, and starts a quiet spell: longer when a step up was refused
// before its spell passed.
func (l *fileConnLimit) refused(active int, now time.Time) {
	switch {
	case l.every == 0:
		l.every = FirstConnProbe
	case !l.raisedAt.IsZero() && now.Sub(l.raisedAt) < l.every:
		l.every = min(2*l.every, longestConnProbe)
	}
	l.most, l.raisedAt, l.next = max(1, active), time.Time{}, now.Add(l.every)
}
