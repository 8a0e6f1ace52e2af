package try

import (
	"net/http"

	"haul/downloader/itemstate"
	"haul/downloader/rules"
	"haul/downloader/throttle"
)

// signIn is what signInVerdict needs to know of a try: its job, whether
// its request carried cookies, and whether its site gave anything since
// Haul started.
type signIn struct {
	job     Job
	cookies bool
	served  func() bool
}

// signInVerdict is the verdict on a refusal that a sign-in may cure (a 401
// or 403, or the site's sign-in page) when the site does not say to slow
// down (no 429-like sign, no Retry-After). No wait mends such a refusal,
// so the link fails at once, with a button to sign in, instead of waiting
// for its site; and the refusal tells the site's limits nothing, being no
// sign of throttling:
//   - a link whose page came with the browser's cookies, asked without any
//     (they are kept in memory, and Haul restarted), says the sign-in was
//     lost;
//   - a link asked from its page or with cookies says a sign-in is needed;
//   - any other link fails with its status when its site never gave
//     anything since Haul started: a site that refuses from the first
//     request is not throttling. A site that gave files and then refuses
//     may be, and its links are left to the rules.
func signInVerdict(v rules.Verdict, s signIn) rules.Verdict {
	e := v.Err
	if e == nil || v.Throttle == throttle.Refusal || v.MinWait > 0 || !refusedSignIn(e) {
		return v
	}
	c := *e
	c.Tries, c.Kind = 0, itemstate.ErrHTTP
	switch {
	case s.job.SignedIn && !s.cookies:
		c.Reason = itemstate.ReasonSignInLost
	case e.Reason == itemstate.ReasonSignIn:
		return v
	case s.job.Referer != "" || s.cookies:
		c.Reason = itemstate.ReasonSignInNeeded
	case !s.served():
	default:
		return v
	}
	return rules.Verdict{Err: &c}
}

// refusedSignIn says a failure is a refusal a sign-in may cure: a 401 or
// 403, or the site's sign-in page.
func refusedSignIn(e *itemstate.ItemError) bool {
	return e.Reason == itemstate.ReasonSignIn ||
		e.Reason == itemstate.ReasonHTTP && (e.Status == http.StatusUnauthorized || e.Status == http.StatusForbidden)
}
