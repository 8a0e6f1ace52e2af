package items

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"path/filepath"
	"time"

	"haul/downloader/disk"
	"haul/downloader/itemstate"
	"haul/downloader/names"
	"haul/downloader/ranges"
	"haul/downloader/rules"
	"haul/downloader/sniff"
	"haul/downloader/try"
)

// Tried is the item of one try, as the try sees it: its Item and Pictures
// ports (package try). Each method takes the store's lock for the moment
// it changes the item, but Progress, which counts bytes with atomics.
type Tried struct {
	s      *Store
	it     *Item
	ctx    context.Context
	cancel context.CancelCauseFunc
}

// End ends the try's context, once the try is over and applied.
func (t *Tried) End() { t.cancel(nil) }

// Context is the context the try runs in: it ends when the user pauses or
// cancels the item, or the run stops.
func (t *Tried) Context() context.Context { return t.ctx }

// Site is the key of the item's site (host:port).
func (t *Tried) Site() string { return t.it.host }

// NoteStatus records the status of the answer.
func (t *Tried) NoteStatus(code int) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.status = int32(code)
	s.feed.touch(it)
}

// NoteResponse records the validators, sizes and real format of an
// answer about to be saved.
func (t *Tried) NoteResponse(resp *http.Response, offset, total int64, format sniff.Format) {
	s, it := t.s, t.it
	s.mu.Lock()
	if format.MIME != "" {
		it.mime, it.isImage, it.width, it.height = format.MIME, format.IsImage, int32(format.Width), int32(format.Height)
	}
	if resp.StatusCode == http.StatusOK {
		it.etag = resp.Header.Get("ETag")
		it.modified = resp.Header.Get("Last-Modified")
	}
	it.total.Store(total)
	if total < 0 && !(disk.Tag{ETag: it.etag, Modified: it.modified}).HasVersion() {
		it.journalNow = true // nothing would tell its saved file again
	}
	s.markDirty(it)
	s.mu.Unlock()
	it.bytes.Store(offset)
	it.speed.reset(s.cfg.Now(), offset)
}

// NoteDimensions records a picture's pixel size.
func (t *Tried) NoteDimensions(width, height int) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.width, it.height = int32(width), int32(height)
	s.feed.touch(it)
}

// Progress counts n more bytes written.
func (t *Tried) Progress(n int) {
	s, it := t.s, t.it
	total := it.bytes.Add(int64(n))
	s.received.Add(int64(n))
	it.speed.record(s.cfg.Now(), total)
}

// OwnPart notes that the temporary file is the item's, and says whether
// that must reach the journal now.
func (t *Tried) OwnPart(journalFailed bool) bool {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	unwritten := !it.ownsPart || journalFailed && it.dirty
	it.ownsPart = true
	if unwritten {
		s.markDirty(it)
	}
	return unwritten
}

// Adopt makes a temporary file an earlier run left the item's; it
// returns the validator If-Range sends.
func (t *Tried) Adopt(name, etag, modified string) string {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.name, it.ownsPart, it.etag, it.modified = name, true, etag, modified
	s.markDirty(it)
	return it.validator()
}

// Claimed gives the item the name it claimed: one to skip for, as already
// in the folder (path), or its own.
func (t *Tried) Claimed(c names.Claim, path string) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.name = c.Name
	if c.Kind == names.Skip {
		it.path = path
		it.note = &Note{Kind: itemstate.NoteInFolder, Name: c.Name}
		s.feed.touch(it)
		return
	}
	it.journalNow = it.journalNow || c.Numbered // a later run looks under the wanted name first
	s.markDirty(it)
}

// Renamed gives the item a new name after a clash.
func (t *Tried) Renamed(name string) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.name = name
	it.journalNow = true
	s.markDirty(it)
}

// Name is the item's file name.
func (t *Tried) Name() string {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	return it.name
}

// ForgetName releases the item's name so the next try picks a new one.
func (t *Tried) ForgetName() {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	s.cfg.Names.Release(it.dir, it.name, it.id)
	it.name, it.ownsPart = "", false
}

// Saved notes the item's file is in place under path.
func (t *Tried) Saved(path string) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.path, it.ownsPart = path, false
}

// SetHoles makes the item's missing spans the tracker's (nil: none).
func (t *Tried) SetHoles(tracker *ranges.Tracker) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	had := it.holes != nil
	it.holes = nil
	if tracker != nil {
		it.holes = tracker.Durable()
		it.bytes.Store(max(it.total.Load()-it.holes.Missing(), 0))
		it.speed.reset(s.cfg.Now(), it.bytes.Load())
	}
	it.splitting.Store(tracker)
	if had || tracker != nil {
		s.markDirty(it)
	}
}

// EndSplit keeps what a try fetching the file in parts left missing, for
// the next try and the record.
func (t *Tried) EndSplit(holes ranges.Holes) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.holes = holes
	it.splitting.Store(nil)
	s.markDirty(it)
}

// Checkpoint marks the item changed: the parts of its file reached a
// checkpoint, which its record then promises.
func (t *Tried) Checkpoint() {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	s.markDirty(it)
}

// Connections counts delta more connections fetching parts of the file
// besides the try's own.
func (t *Tried) Connections(delta int) { t.it.extraConns.Add(int32(delta)) }

// OneConnection keeps the item's file to one connection from now on.
func (t *Tried) OneConnection() {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	it.oneConnection = true
}

// DropPart gives up the item's temporary file and returns its path.
func (t *Tried) DropPart() string {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	return it.dropPart()
}

// ReleaseSlot says the item no longer holds its download slot, and
// whether it held one.
func (t *Tried) ReleaseSlot() bool {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	held := it.holdsSlot
	it.holdsSlot = false
	return held
}

// Ending says the item no longer holds its download slot, whether it
// held one, and what the rules need of its earlier tries.
func (t *Tried) Ending() (held bool, history rules.History) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	held = it.holdsSlot
	it.holdsSlot = false
	return held, it.history()
}

// Remembered is what the archive records of the saved file.
func (t *Tried) Remembered() (link, sum, page string) {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	return it.raw, it.hash, it.referer
}

// Same records the picture's sha256 and, when the list holds an identical
// picture (saved, or being saved right now), marks the item the same as
// it and returns true. Whether a saved one's file is still there is looked
// at outside the lock.
func (t *Tried) Same(sum string, keepDuplicates bool) bool {
	p, it := &t.s.pictures, t.it
	for {
		owner, path := p.owner(it, sum, keepDuplicates)
		if path != "" {
			there := disk.Exists(path)
			if !p.confirm(it, owner, sum, path, there) {
				continue // it moved meanwhile: look again
			}
			if !there {
				owner = nil
			}
		}
		if owner == nil {
			return false
		}
		p.markSame(it, owner)
		return true
	}
}

// Disown forgets the item's picture hash when its file was not saved
// after all, so that no identical picture is skipped for it.
func (t *Tried) Disown() {
	s, it := t.s, t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pictures.forget(it)
	it.hash = ""
}

// pictureIndex finds identical pictures: the sha256 of each picture saved
// or being saved, and the item that holds it, so that a picture found
// twice is saved once. The store's lock guards it; whether a saved
// picture's file is still there is looked at with no lock held.
type pictureIndex struct {
	s      *Store
	byHash map[string]*Item // sha256 of a picture → the item that saves it
}

// owner records the picture's hash and returns the item holding an
// identical picture, or nil, having taken the picture for it. A saved
// owner comes with the path of its file, to be looked at; nothing else does.
func (p *pictureIndex) owner(it *Item, sum string, keepDuplicates bool) (owner *Item, path string) {
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	it.hash = sum
	if keepDuplicates {
		return nil, ""
	}
	owner = p.byHash[sum]
	live := owner != nil && owner != it && s.byID[owner.id] == owner && owner.state != Failed && owner.state != Canceled
	switch {
	case live && owner.state != Done:
		return owner, ""
	case live && owner.path != "":
		return owner, owner.path
	}
	p.byHash[sum] = it
	return nil, ""
}

// confirm says the saved owner of the picture is still as owner found it,
// its file at path; when the file is not there, the picture is the
// item's now.
func (p *pictureIndex) confirm(it, owner *Item, sum, path string, there bool) bool {
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if p.byHash[sum] != owner || owner.path != path || owner.state != Done {
		return false
	}
	if !there {
		p.byHash[sum] = it
	}
	return true
}

// markSame notes that the item's picture is the same as owner's.
func (p *pictureIndex) markSame(it, owner *Item) {
	s := p.s
	s.mu.Lock()
	defer s.mu.Unlock()
	it.note = &Note{Kind: itemstate.NoteSamePicture, Name: owner.name}
	it.path = filepath.Join(owner.dir, owner.name)
	it.ownsPart = false
	s.cfg.Names.Release(it.dir, it.name, it.id)
}

// forget drops the item's picture; the store's lock is held.
func (p *pictureIndex) forget(it *Item) {
	if it.hash != "" && p.byHash[it.hash] == it {
		delete(p.byHash, it.hash)
	}
}

// Apply moves the item of a try by how the try ended (res): an
// interrupted try goes back to Paused, Canceled or Queued; any other
// takes the step the rules chose, through the state table. A try that
// ended while the user paused or canceled the item, or the run stopped,
// obeys that (the item's context ended meanwhile). It says whether the
// step was taken (applied: the try was not interrupted), and whether the
// file the try saved must reach the journal at once: a later run tells a
// saved file by its note only where files carry notes (untagged says they
// do not here), under the name the link asks for first, and with a
// version or a length to compare.
func (s *Store) Apply(t *Tried, res try.Result, untagged bool) (applied, journalNow bool) {
	it := t.it
	s.mu.Lock()
	defer s.mu.Unlock()
	step := res.Step
	if res.Dropped {
		step = dropped(it, res.DropErr, step)
	}
	interrupted, cause := res.Interrupted, res.Cause
	if !interrupted && !res.Finished() && t.ctx.Err() != nil {
		interrupted, cause = true, context.Cause(t.ctx) // paused or canceled meanwhile: obeyed
	}
	it.cancel, it.speed = nil, nil // the speed is only read while Active: 100,000 finished items need none
	if interrupted {
		s.steps.interrupted(it, cause)
		s.notifyLocked()
		return false, false
	}
	s.steps.take(it, res.Outcome, step)
	s.notifyLocked()
	return true, res.Done && (untagged || it.journalNow)
}

// dropped takes in how the removal of the temporary file the try gave up
// went. A file that cannot be removed is the item's again; a restart from
// byte 0, which it would be in the way of, fails this item alone, saying
// so.
func dropped(it *Item, err error, step rules.Step) rules.Step {
	switch {
	case err == nil || errors.Is(err, fs.ErrNotExist):
		it.holes = nil
		it.bytes.Store(0)
	default:
		it.ownsPart = true
		if step.Kind == rules.StepRestart {
			step = rules.Step{Kind: rules.StepFail, Err: rules.Classify(rules.Failure{PartStuck: err, Dir: it.dir}).Err}
		}
	}
	return step
}

// steps are the moves of an item a try's ending takes; the store's lock
// is held.
type steps struct{ s *Store }

// interrupted moves an item whose try was stopped by the user or by the
// end of the run.
func (p *steps) interrupted(it *Item, cause error) {
	s := p.s
	switch {
	case errors.Is(cause, try.ErrPaused):
		s.setState(it, Paused)
	case errors.Is(cause, try.ErrCanceled):
		s.setState(it, Canceled)
	default:
		s.requeue(it)
	}
}

// take carries out the step the rules chose.
func (p *steps) take(it *Item, out try.Outcome, step rules.Step) {
	s := p.s
	step.Err = s.failures.keep(step.Err)
	if step.Counted {
		it.failures++
		it.failedWith = 0
		if step.Err != nil {
			it.failedWith = uint16(step.Err.Status)
		}
	}
	if step.Shortage {
		it.shortages++
	}
	it.reached = max(it.reached, out.Reached)
	switch step.Kind {
	case rules.StepDone:
		p.finished(it, out)
	case rules.StepFail:
		p.fail(it, step.Err)
		if step.StopBatch {
			p.failQueued(step.Err)
		}
	case rules.StepRestart:
		it.etag, it.modified, it.reached = "", "", 0
		it.total.Store(-1)
		s.requeue(it)
		it.err = step.Err
	case rules.StepResume:
		s.requeue(it)
		it.err = step.Err
	case rules.StepWait:
		p.wait(it, step.Wait, step.Err, out.Verdict.SlowDown)
	case rules.StepRequeue: // the site throttles: back in line, after its own Retry-After when it gave one
		it.throttled++
		if step.Wait > 0 {
			p.wait(it, step.Wait, step.Err, true)
			break
		}
		s.requeue(it)
		it.err, it.slowedDown = step.Err, true
	}
}

// finished ends an item whose try saved it, skipped it or read it as a web page.
func (p *steps) finished(it *Item, out try.Outcome) {
	s := p.s
	it.etag, it.modified = "", "" // they serve resuming a temporary file; a finished item has none
	switch {
	case out.Done:
		it.bytes.Store(max(it.bytes.Load(), it.total.Load()))
		it.err = nil
		s.setState(it, Done)
	case out.Page != nil:
		it.src.pageDone(it, out.Page)
	default:
		if out.Note != nil {
			it.note = out.Note
		}
		s.setState(it, Skipped)
	}
}

// wait puts the item in Waiting until its next try.
func (p *steps) wait(it *Item, wait time.Duration, err *ItemError, slowDown bool) {
	s := p.s
	it.err, it.slowedDown = err, slowDown
	it.retryAt = s.cfg.Now().Add(wait)
	s.setState(it, Waiting)
	var t *time.Timer
	t = time.AfterFunc(wait, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if it.state == Waiting && it.timer == t {
			it.timer = nil
			s.requeue(it)
		}
	})
	it.timer = t
}

// fail ends the item as Failed. Its temporary file stays, so that a
// Retry can resume; a failure that drops the file had it removed already.
func (p *steps) fail(it *Item, err *ItemError) {
	it.err = err
	p.s.setState(it, Failed)
}

// failQueued stops starting new items after the output folder failed:
// every queued item fails with the same reason, so the batch ends and one
// "Retry failed" restarts it once the user has fixed the folder.
func (p *steps) failQueued(cause *ItemError) {
	s := p.s
	c := *cause
	c.NotStarted = true
	notStarted := &c
	for _, it := range s.items {
		if it.state == Queued || it.state == Waiting {
			it.stopTimer()
			p.fail(it, notStarted)
		}
	}
}

// FailSite fails the links of the site host that wait their turn or
// their next try, for the failure that showed the site is down: "not
// started" for links not tried since the user queued them, with their
// number of tries for the others.
func (s *Store) FailSite(host string, cause *ItemError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, it := range s.items {
		if it.host != host || it.state != Queued && it.state != Waiting {
			continue
		}
		c := *cause
		c.Tries, c.NotStarted = 0, it.failures == 0
		if it.failures > 1 {
			c.Tries = it.failures
		}
		it.stopTimer()
		s.steps.fail(it, s.failures.share(c))
	}
	s.notifyLocked()
}
