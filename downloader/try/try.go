// Package try makes one try of one item, from the request to the step
// that decides what becomes of the item, as a value with ports: a Try is
// built with the item's job and the small interfaces it needs of the
// parts (Ports: the item's state, the pictures, the namer, the journal,
// the site, the way to the sites, the archive, the disk), and holds
// nothing else of the engine. Run tells the whole of one try, top to
// bottom:
//
//  0. a temporary file an earlier run left for the link is adopted
//     (plan.go), and a link the folder's archive holds is skipped;
//  1. open: the request sent and the answer checked (package transfer);
//     when it is a picture a rule knows a bigger version of, the rules'
//     candidates are asked in turn and the first that answers a picture
//     at least as large is the answer saved (original.go, package
//     originals);
//  2. plan: the answer read as a web page, refused, or given a name
//     (claimed from the names part) and a temporary file (plan.go);
//  3. stream the body into that file (package transfer), over several
//     connections for a large file (split.go);
//  4. outcome: a complete file made durable, checked for duplicates and
//     moved into place (save.go), a failure classified (package rules);
//  5. end: the slot given back, the site told, rules.Decide's step taken,
//     and a temporary file the step gives up removed (end.go).
//
// The engine then applies the Result to the item through the state table
// (package items). The transfer returns values and never calls back; the
// try calls the parts only through its ports, each of which takes its
// own lock for the moment it needs it.
package try

import (
	"context"
	"errors"
	"hash"
	"net/http"
	"net/url"
	"path/filepath"
	"runtime"
	"time"

	"haul/downloader/disk"
	"haul/downloader/itemstate"
	"haul/downloader/names"
	"haul/downloader/originals"
	"haul/downloader/pages"
	"haul/downloader/ranges"
	"haul/downloader/rules"
	"haul/downloader/sniff"
	"haul/downloader/throttle"
	"haul/downloader/transfer"
)

// Job is what a try needs to know of its item, copied under the items'
// lock when the item started.
type Job struct {
	ID   itemstate.ID
	Link string // the link in canonical form, the item's key
	// URL is the link parsed, with the password it came with lent for
	// the request.
	URL      *url.URL
	Dir      string
	Name     string
	Pattern  string // a name template with the page's fields filled in, or the name the user gave
	OwnsPart bool
	// ETag and Modified are the version the temporary file was started
	// with; Validator is what If-Range sends.
	ETag, Modified, Validator string
	Total                     int64
	FromPage                  bool
	Referer                   string
	// SignedIn says the link came from a page whose browser handed over
	// its cookies; without them now, they were lost at a restart.
	SignedIn bool
	Format   sniff.Format // what an earlier try found the file to be
	Holes    ranges.Holes // what is missing of a file fetched in parts
	// Original is the address of the picture's original an earlier try
	// found for the link (original.go); "" when none was.
	Original string
	// OneConnection keeps the file to one connection: its server encodes
	// the parts asked for by range.
	OneConnection bool
	Limits        Limits
	// Ticket and Started are when the try started, in its site's history
	// and on the clock.
	Ticket  throttle.Ticket
	Started time.Time
}

// Limits are the settings a try goes by.
type Limits struct {
	// OnExists is what to do with a file already there, for saving the
	// file (the claim of its name asks Env.OnExists).
	OnExists       names.Policy
	KeepDuplicates bool
	NoPageReferer  bool
	// MaxSize is the largest file saved; 0 is no limit.
	MaxSize int64
	// Connections is how many connections may fetch one large file.
	Connections int
	// SplitThreshold is the least a file must have left to be fetched
	// over more than one connection.
	SplitThreshold int64
	// AsLinked saves what the link itself answers, never asking for the
	// picture's original (original.go).
	AsLinked bool
	// SmallFileMax is the largest body received in memory before it is
	// saved (small.go).
	SmallFileMax int64
}

// Env is what every try is given to work with.
type Env struct {
	// Rates pace the requests and the bytes read.
	Rates transfer.Limiter
	// IdleTimeout ends a try whose server sends nothing for this long.
	IdleTimeout time.Duration
	// SavePages saves a link that answers with a web page instead of
	// reading it for pictures.
	SavePages bool
	// OnExists is the policy in force for a file already there, asked
	// when the name is claimed.
	OnExists func() names.Policy
	// Policy is the retry policy in force, asked when the try ends.
	Policy func() rules.Policy
	// Now is the time.
	Now func() time.Time
	// Originals are the rules that find a picture's original; nil asks
	// for none. Tally keeps their candidates polite over a batch.
	Originals *originals.Table
	Tally     func() *originals.Tally
}

// The causes with which the engine ends a try it interrupts.
var (
	ErrPaused   = errors.New("paused")
	ErrCanceled = errors.New("canceled")
	ErrStopped  = errors.New("stopped")
	ErrYielded  = errors.New("back to the queue: fewer downloads at once")
)

// PageFound reports a link that turned out to be a web page, with the
// pictures found on it.
type PageFound struct {
	// Item is the link's item, which ends Skipped with a note.
	Item itemstate.ID
	// Page is the page's address after redirects.
	Page string
	// Title is the page's title, "" when it has none.
	Title  string
	Images []pages.Image
}

// Outcome is what a try brought; a zero Outcome means it was interrupted.
type Outcome struct {
	Done    bool
	Skipped bool
	Page    *PageFound      // the link was a web page; these are its pictures
	Note    *itemstate.Note // why the item was skipped, when not noted already
	Reached int64           // the byte the temporary file got to, when bytes were written
	Verdict rules.Verdict
	// ResumeNow asks for the rest of a temporary file an earlier run left
	// of this same version of the file, or a split file's server serves
	// one connection only, at once and without counting.
	ResumeNow bool
}

// Finished says the try ended the item's download: saved, skipped, or
// read as a web page.
func (o Outcome) Finished() bool { return o.Done || o.Skipped || o.Page != nil }

// Result is how a try ended, for the engine to apply to the item: its
// Outcome, and either Interrupted (with its Cause) or the Step the rules
// chose. Dropped says the item's temporary file was given up, DropErr how
// its removal went.
type Result struct {
	Outcome
	Interrupted bool
	Cause       error
	Step        rules.Step
	Dropped     bool
	DropErr     error
}

// Try is one try of one item.
type Try struct {
	j   Job
	env *Env
	p   Ports

	asked   bool            // the answer was accepted and planned for
	format  sniff.Format    // what the file is
	part    string          // the temporary file the body goes to
	hash    hash.Hash       // the picture's sha256, fed by the transfer
	split   *ranges.Tracker // follows a file fetched over several connections
	slots   *itemSlots      // the slots of its extra connections
	stopped Outcome         // why the plan stopped the try
	// A small body is received in memory (small.go): mem holds it, name
	// and tag are what it is saved under.
	mem  *memFile
	name string
	tag  disk.Tag
	// named is the name the answer gives the file, once nameFor worked it out.
	named string
	// siteTold says the site's limits were told how the try went, when
	// its slot was passed on.
	siteTold bool
	// ruleHeader are the headers the rule of the original asked for
	// gives its request (original.go).
	ruleHeader http.Header
}

// New makes the try of job, with the parts' ports.
func New(j Job, env *Env, p Ports) *Try {
	t := &Try{j: j, env: env, p: p, format: j.Format}
	if j.Original != "" {
		askForOriginal(t)
	}
	return t
}

// Run makes the try, step by step, and returns how it ended; ctx is the
// item's, ended when the user pauses or cancels it or the run stops.
func (t *Try) Run(ctx context.Context) Result {
	t.adoptLeftover()
	if out, ends := t.heldBefore(); ends {
		return t.end(ctx, out)
	}
	cookies := t.p.Network.SendsCookies(t.j.Referer, t.j.URL)
	opened, r := transfer.Open(ctx, t.request(), t.transferEnv())
	if opened != nil {
		opened, r = t.toOriginal(ctx, opened)
	}
	if opened != nil {
		r = opened.Finish(t.plan(opened.Answer))
		if t.split != nil {
			t.slots.done()
			t.p.Item.EndSplit(t.split.Durable())
		}
	}
	out := t.outcomeOf(ctx, r)
	if out.Verdict.Err != nil {
		out.Verdict = signInVerdict(out.Verdict, signIn{job: t.j, cookies: cookies, served: t.p.Site.Served})
	}
	return t.end(ctx, out)
}

// savedBefore is the note of an item the archive holds.
var savedBefore = &itemstate.Note{Kind: itemstate.NoteSavedBefore}

// request is what the transfer needs to know of the job.
func (t *Try) request() transfer.Job {
	j := t.j
	req, _ := http.NewRequest(http.MethodGet, j.URL.String(), nil) // the URL was parsed when added
	setHeaders(t, req, t.ruleHeader)
	tj := transfer.Job{URL: j.URL, Request: req, ETag: j.ETag, Modified: j.Modified, Validator: j.Validator,
		Total: j.Total, MaxSize: j.Limits.MaxSize}
	if j.Name != "" && j.OwnsPart {
		tj.Part = filepath.Join(j.Dir, j.Name+".part")
		tj.Holes = j.Holes
	}
	return tj
}

// toOriginal is the answer the try goes on with: the original's, when
// one of the rules' candidates for the small version's link is taken;
// otherwise small itself. It returns no answer, with the try's result,
// when the original is one the folder's archive holds.
func (t *Try) toOriginal(ctx context.Context, small *transfer.Opened) (*transfer.Opened, transfer.Result) {
	if t.env.Originals == nil || t.j.Limits.AsLinked || t.j.Original != "" || small.Answer.Offset > 0 ||
		!small.Answer.Format.IsImage {
		return small, transfer.Result{}
	}
	plan := t.env.Originals.Candidates(t.j.URL)
	if len(plan.Candidates) == 0 {
		return small, transfer.Result{}
	}
	return searchOriginal(ctx, t, small, plan)
}

// setHeaders gives req of t the link's own headers, and the rule's over them.
func setHeaders(t *Try, req *http.Request, rule http.Header) {
	t.p.Network.SetHeaders(req, t.j.Referer, t.j.Limits.NoPageReferer)
	for name, values := range rule {
		req.Header[name] = values
	}
}

// transferEnv is what the transfer is given to work with: the client, the
// limits and the item's counters.
func (t *Try) transferEnv() transfer.Env {
	return transfer.Env{
		Client:      t.p.Network.ClientFor(t.j.Referer),
		Limits:      t.env.Rates,
		IdleTimeout: t.env.IdleTimeout,
		Progress: func(n int) {
			t.p.Item.Progress(n)
			if t.split != nil && t.split.NewCheckpoint() {
				t.p.Item.Checkpoint() // a crash then loses little of what was fetched
				t.p.Journal.WriteSoon()
			}
		},
	}
}

// outcomeOf turns the result of a transfer into the outcome of the try: a
// complete file is made durable and moved into place here, and a failure
// becomes a verdict.
func (t *Try) outcomeOf(ctx context.Context, r transfer.Result) Outcome {
	j := t.j
	if r.Resp != nil && !t.asked {
		t.noteStatus(r.Resp.StatusCode)
	}
	switch r.Ending {
	case transfer.Interrupted:
		return Outcome{}
	case transfer.AlreadyWhole, transfer.Complete:
		if out, held := t.pictureSavedBefore(r); held {
			return out
		}
		out := t.saveComplete(ctx, r)
		if !out.Done && !out.Skipped {
			t.p.Pictures.Disown() // no identical picture may be skipped for a file not saved
		}
		if out.Done {
			t.remember()
		}
		return out
	case transfer.Stopped:
		return t.stopped
	case transfer.PageRead:
		return Outcome{Page: &PageFound{Item: j.ID, Page: r.Page.URL, Title: pageTitle(r.Page.Images), Images: r.Page.Images}}
	case transfer.OpenFailed:
		return t.openFailed(r.Err)
	}
	if t.mem != nil {
		r.Reached = t.keepReceived()
	}
	if errors.Is(r.Err, transfer.ErrEncodedPart) {
		t.p.Item.OneConnection() // the server encodes the parts asked for by range
	}
	if errors.Is(r.Err, transfer.ErrWholeAnswer) {
		t.p.Item.OneConnection() // the server answers a part with the whole file
		return Outcome{Reached: r.Reached, ResumeNow: true}
	}
	rule, _ := t.p.Network.SiteRule(j.URL.Hostname())
	v := rules.Classify(rules.Failure{Ending: r.Ending, Resp: r.Resp, Err: r.Err, Host: j.URL.Hostname(), Dir: j.Dir,
		MaxSize: j.Limits.MaxSize, Now: t.env.Now(), Head: r.Head, Signs: rule.Signs()})
	return Outcome{Reached: r.Reached, Verdict: passwordNotKept(v, j.URL)}
}

// pageTitle is the title of the page the images were found on.
func pageTitle(images []pages.Image) string {
	if len(images) == 0 {
		return ""
	}
	return images[0].PageTitle
}

// passwordNotKept says so when the site refused a link with a 401 and the
// link names a user whose password Haul no longer has: it came with the
// link, which was restored from the saved queue, and passwords are kept
// in memory only. Another try cannot mend that.
func passwordNotKept(v rules.Verdict, u *url.URL) rules.Verdict {
	if v.Err == nil || v.Err.Status != http.StatusUnauthorized || u.User == nil || u.User.Username() == "" {
		return v
	}
	if _, has := u.User.Password(); has {
		return v
	}
	e := *v.Err
	e.Reason = itemstate.ReasonPasswordNotKept
	return rules.Verdict{Err: &e}
}

// openFailed explains a temporary file that could not be opened. A file
// of the same name that appeared meanwhile sends the item to choose
// another name.
func (t *Try) openFailed(err error) Outcome {
	v := rules.Classify(rules.Failure{Ending: transfer.OpenFailed, Err: err, Dir: t.j.Dir})
	if v.Err.Reason == itemstate.ReasonNameTaken {
		t.p.Names.NotePart(t.j.Dir) // a file in the way of the temporary file: the next claim looks
		t.p.Item.ForgetName()
	}
	return Outcome{Verdict: v}
}

// saveFailed is the verdict on a failure to save into the output folder.
func saveFailed(err error, dir string) rules.Verdict {
	return rules.Classify(rules.Failure{Ending: transfer.WriteFailed, Err: err, Dir: dir})
}

// refused is the verdict on an answer the try read and refused.
func refused(e *itemstate.ItemError) rules.Verdict {
	return rules.Classify(rules.Failure{Refused: e})
}

// unjournaledVerdict is the verdict on a try whose temporary file the
// journal could not note.
func unjournaledVerdict(err error) rules.Verdict {
	return rules.Classify(rules.Failure{Unjournaled: err})
}

// end ends the try: it gives the item's download slot back, tells the
// site's limits what the try brought, and decides how the try ends:
// interrupted (paused, canceled, stopped), or the step rules.Decide
// chooses for the outcome and the item's history. The temporary file the
// ending gives up (a cancel, a restart from byte 0, a failure that drops
// the file) is removed here, while the item is still Active: no other try
// starts on it until the file is gone.
func (t *Try) end(ctx context.Context, out Outcome) Result {
	held, history := t.p.Item.Ending()
	interrupted := !out.Finished() && ctx.Err() != nil
	var told *throttle.Answer
	if !t.siteTold {
		a := t.siteAnswer(out, history, interrupted)
		told = &a
	}
	site := t.p.Site.End(held, told)
	res := Result{Outcome: out}
	if interrupted {
		res.Interrupted, res.Cause = true, context.Cause(ctx)
		if errors.Is(res.Cause, ErrCanceled) {
			t.drop(&res)
		}
		return res
	}
	res.Step = rules.Decide(rules.Outcome{Finished: out.Finished(), ResumeNow: out.ResumeNow, Reached: out.Reached,
		Verdict: out.Verdict, Site: site}, history, t.env.Policy())
	if res.Step.Kind == rules.StepRestart || res.Step.Kind == rules.StepFail && res.Step.DropPart {
		t.drop(&res)
	}
	return res
}

// siteAnswer is what the try tells its site's limits (package throttle).
func (t *Try) siteAnswer(out Outcome, h rules.History, interrupted bool) throttle.Answer {
	a := throttle.Answer{Ticket: t.j.Ticket, Started: t.j.Started, RetryAfter: out.Verdict.MinWait,
		Again: h.Failures > 0 || h.Throttled > 0}
	switch {
	case interrupted:
	case out.Finished():
		a.Kind = throttle.Success
	case out.Verdict.Err != nil:
		a.Kind = out.Verdict.Throttle
	}
	return a
}

// drop gives up the item's temporary file and removes it.
func (t *Try) drop(res *Result) {
	if part := t.p.Item.DropPart(); part != "" {
		res.Dropped, res.DropErr = true, t.p.Disk.Remove(part)
	}
}

// passSlotOn gives back the item's download slot before its file is
// saved and lets the next download go first: its request is sent while
// this file is written and synced, not after. On a site 50 ms away, that
// halves the time between one answer and the next request on a
// connection. The site's limits are told now, when its request ended, not
// once the file is saved.
func (t *Try) passSlotOn() {
	if t.p.Item.ReleaseSlot() {
		t.p.Site.PassOn(throttle.Answer{Ticket: t.j.Ticket, Started: t.j.Started})
		t.siteTold = true
	}
	runtime.Gosched()
}
