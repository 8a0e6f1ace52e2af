package try

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"haul/downloader/originals"
	"haul/downloader/transfer"
)

// A picture's small version (a thumbnail, a feed's resized copy) often
// has its original at an address that follows from its own by a known
// rule (package originals). Once the small version answered a picture,
// the try asks for each candidate the rules propose, in turn, and goes on
// with the first whose answer is a picture at least as large; its body
// is then the one saved, under the original's name. When none is, the
// small version's answer, held open meanwhile, is saved as before: a rule
// never makes a save worse than no rule. A candidate the folder's archive
// holds ends the try as saved before.

// searchOriginal asks for the candidates of plan for t, whose link's
// small version answered small.
func searchOriginal(ctx context.Context, t *Try, small *transfer.Opened, plan originals.Plan) (*transfer.Opened, transfer.Result) {
	var tally *originals.Tally
	if t.env.Tally != nil {
		tally = t.env.Tally()
	}
	found := originalSearch{t: t, asked: ruleTally{tally: tally, found: map[ruleOnHost]bool{}, skipped: map[ruleOnHost]bool{}}}
	defer found.asked.note()
	return found.run(ctx, small, plan)
}

// originalSearch asks for the candidates of one try's link.
type originalSearch struct {
	t     *Try
	asked ruleTally
}

// run asks for plan's candidates in turn, each rule's while the batch's
// tally still finds it worth asking on its host.
func (s originalSearch) run(ctx context.Context, small *transfer.Opened, plan originals.Plan) (*transfer.Opened, transfer.Result) {
	t, asked := s.t, s.asked
	size := originals.Size{Width: small.Answer.Format.Width, Height: small.Answer.Format.Height}
	if !size.Known() {
		size = plan.Small
	}
	for _, c := range plan.Candidates {
		u, err := url.Parse(c.URL)
		if err != nil {
			continue
		}
		at := ruleOnHost{rule: c.Rule, host: strings.ToLower(u.Hostname())}
		if !asked.worth(at) {
			continue
		}
		if held, err := s.archiveHolds(c.URL); held || err != nil {
			asked.found[at] = true
			small.Finish(transfer.Plan{Stop: true})
			t.stopped, _ = archived(held, err, t.j.Dir)
			return nil, transfer.Result{Ending: transfer.Stopped}
		}
		if o := s.ask(ctx, c, u, size); o != nil {
			asked.found[at] = true
			small.Finish(transfer.Plan{Stop: true})
			t.took(c, u, size)
			return o, transfer.Result{}
		}
		if ctx.Err() != nil {
			break
		}
	}
	return small, transfer.Result{}
}

// ruleOnHost is a rule asked on a host.
type ruleOnHost struct{ rule, host string }

// ruleTally is what one link's candidates tell the batch's tally: for
// each rule asked on a host, whether one of its candidates was taken.
type ruleTally struct {
	tally   *originals.Tally
	found   map[ruleOnHost]bool
	skipped map[ruleOnHost]bool
}

// worth says whether a candidate of the rule at is worth asking: the
// tally had not given the rule up on its host when the link first met it.
func (r ruleTally) worth(at ruleOnHost) bool {
	if _, asked := r.found[at]; asked {
		return true
	}
	if r.skipped[at] || r.tally.Skip(at.host, at.rule) {
		r.skipped[at] = true
		return false
	}
	r.found[at] = false
	return true
}

// note tells the tally what the link's candidates found.
func (r ruleTally) note() {
	for at, found := range r.found {
		r.tally.Note(at.host, at.rule, found)
	}
}

// ask asks for candidate c, at u, and returns its answer, open, when
// originals.Accept takes it for a picture of size small or larger.
func (s originalSearch) ask(ctx context.Context, c originals.Candidate, u *url.URL, small originals.Size) *transfer.Opened {
	tj, ok := candidateJob(s.t, c, u)
	if !ok {
		return nil
	}
	if strings.EqualFold(u.Host, s.t.j.URL.Host) {
		s.t.p.Site.Asked() // the site's pace counts it; another host's does not know the try
	}
	o, _ := transfer.Open(ctx, tj, s.t.transferEnv())
	if o == nil {
		return nil
	}
	resp := o.Answer.Resp
	final := c.URL
	if resp.Request != nil && resp.Request.URL != nil {
		final = resp.Request.URL.String()
	}
	a := originals.Answer{Status: resp.StatusCode, FinalURL: final, Header: resp.Header, Head: o.Answer.Head}
	if _, why := originals.Accept(c, a, small); why != originals.Taken {
		o.Finish(transfer.Plan{Stop: true})
		return nil
	}
	return o
}

// candidateJob is the request of t for candidate c, at u: the link's own
// headers, with the rule's over them (the page's cookies go with the
// try's client).
func candidateJob(t *Try, c originals.Candidate, u *url.URL) (transfer.Job, bool) {
	req, err := http.NewRequest(http.MethodGet, c.URL, nil)
	if err != nil {
		return transfer.Job{}, false
	}
	setHeaders(t, req, c.Header)
	return transfer.Job{URL: u, Request: req, Total: -1, MaxSize: t.j.Limits.MaxSize}, true
}

// took makes the original candidate c, at u, the try's link from now on,
// and notes it with the item: a later try asks for it directly, and the
// row says the original was saved.
func (t *Try) took(c originals.Candidate, u *url.URL, small originals.Size) {
	t.j.URL, t.j.Original = u, c.URL
	t.p.Item.FoundOriginal(c.URL, small.Width, small.Height)
}

// archiveHolds says the folder's archive holds candidate, saved from
// another small version of the same picture.
func (s originalSearch) archiveHolds(candidate string) (bool, error) {
	if s.t.p.Archive == nil {
		return false, nil
	}
	return s.t.p.Archive.HasLink(s.t.j.Dir, candidate)
}

// askForOriginal makes t, a later try of a link whose original an
// earlier try found, ask for the original, with its rule's headers. When
// the rules no longer propose it (the user changed them), the link as
// given is asked for.
func askForOriginal(t *Try) {
	if t.env.Originals == nil {
		t.j.Original = ""
		return
	}
	c, ok := t.env.Originals.Original(t.j.URL, t.j.Original)
	u, err := url.Parse(c.URL)
	if !ok || err != nil {
		t.j.Original = ""
		return
	}
	t.j.URL, t.ruleHeader = u, c.Header
}
