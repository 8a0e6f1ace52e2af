// Package throttle learns, site by site, how much each site takes, from
// the way it refuses: the number of requests in flight when a site first
// refuses is a strong hint of how many it takes at once, and the requests
// it let through in the second before a refusal of how many it takes a
// second. A [Book] keeps what it learned for every site behind its own
// lock: the engine asks it whether a site may take one more request
// ([Book.Ready]), tells it what each request brought ([Book.Answer]) and
// gets back whether the site is throttling, how long it asks us to wait,
// and whether it has kept refusing for longer than the bounded wait.
//
// A site that refuses without saying for how long is left alone for a
// short, jittered wait that grows while refusals go on and shrinks again
// with successes. Its limits are probed upward slowly: one more at once,
// or a tenth more a second, after a quiet spell that doubles whenever a
// probe was refused. What was learned is kept for a day ([Book.Save],
// [Book.Load]), so the next run starts at the limit instead of finding it
// again. A site whose limits allow only so many files a day takes no more
// once it gave them, until its next midnight; that day's count is kept
// with the learned limits.
//
// A refusal is sure (a 429, or an answer the site's rule names) or
// possible (another 4xx, or a page where a picture was expected): a
// possible refusal counts as throttling only while most of the site's
// recent answers are refusals, so one forbidden link among pictures that
// arrive is that link's own failure. The package imports nothing of the
// engine.
package throttle
