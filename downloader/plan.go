package downloader

import (
	"hash"
	"io"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"

	"haul/downloader/naming"
	"haul/downloader/ranges"
	"haul/downloader/rules"
	"haul/downloader/sniff"
	"haul/downloader/transfer"
)

// tryPlan is the manager's side of one try: the plan it makes of the
// answer the transfer opened, and what it decided, for the outcome.
type tryPlan struct {
	m  *Manager
	it *item
	j  job

	asked   bool            // the answer was accepted and planned for
	format  sniff.Format    // what the file is
	part    string          // the temporary file the body goes to
	hash    hash.Hash       // the picture's sha256, fed by the transfer
	split   *ranges.Tracker // follows a file fetched over several connections
	stopped outcome         // why the plan stopped the try
	// A small body is received in memory (smallsave.go): mem holds it,
	// name and tag are what it is saved under.
	mem  *memFile
	name string
	tag  partTag
}

// plan is the engine's decision on an accepted answer, where the name is
// claimed: read it as a web page, stop (a sign-in form, a file that is
// not what the link promised, a name to skip, a leftover to resume), or
// the file the body goes to, opened here.
func (p *tryPlan) plan(a transfer.Answer) transfer.Plan {
	p.asked = true
	p.m.noteStatus(p.it, a.Resp.StatusCode)
	if a.Offset > 0 {
		if p.format.MIME == "" {
			p.format = formatOfPart(filepath.Join(p.j.dir, p.j.name+".part"))
		}
		return p.save(a)
	}
	p.format = a.Format
	if p.m.isPage(p.it, p.j, a.Resp) {
		if signInPage(p.j, a.Resp, a.Head) {
			return p.stop(outcome{verdict: refused(signInError(a.Resp.StatusCode))})
		}
		return transfer.Plan{ReadPage: true}
	}
	if o, wrong := p.notAsPromised(a); wrong {
		return p.stop(o)
	}
	return p.save(a)
}

// formatOfPart is what the first bytes of a temporary file say the file
// is, for a resume of a file whose format was not noted (its queue was lost).
func formatOfPart(part string) sniff.Format {
	f, err := os.Open(part)
	if err != nil {
		return sniff.Format{}
	}
	defer f.Close()
	head := make([]byte, sniff.HeadSize)
	n, _ := io.ReadFull(f, head)
	return sniff.Detect(head[:n])
}

// stop ends the try with the outcome o.
func (p *tryPlan) stop(o outcome) transfer.Plan {
	p.stopped = o
	return transfer.Plan{Stop: true}
}

// notAsPromised checks the first bytes of a file expected to be a picture:
// an empty file or text is a failure, not a picture.
func (p *tryPlan) notAsPromised(a transfer.Answer) (outcome, bool) {
	resp := a.Resp
	if !sniff.ExpectImage(p.m.nameFor(p.it, resp), resp.Header.Get("Content-Type"), p.j.fromPage) {
		return outcome{}, false
	}
	switch {
	case len(a.Head) == 0:
		return outcome{verdict: refused(&ItemError{Kind: ErrEmptyBody, Reason: ReasonEmptyFile, Status: resp.StatusCode})}, true
	case a.Format.IsText:
		rule, _ := p.m.siteRule(p.j.url.Hostname())
		return outcome{verdict: rules.Classify(rules.Failure{Refused: notImageError(a.Head, p.j.url, resp),
			Head: a.Head, Signs: rule.signs()})}, true
	}
	return outcome{}, false
}

// save names the file and readies its temporary file: the body goes
// there, hashed on the way when it is a picture, to catch duplicates.
func (p *tryPlan) save(a transfer.Answer) transfer.Plan {
	m, it, j := p.m, p.it, p.j
	if err := os.MkdirAll(j.dir, 0o755); err != nil {
		return p.stop(outcome{verdict: saveFailed(err, j.dir)})
	}
	name, claimed := m.saveName(it, j, a.Resp, p.format, a.Total)
	if claimed == claimSkip {
		return p.stop(outcome{skipped: true})
	}
	m.noteResponse(it, a.Resp, a.Offset, a.Total, p.format)
	p.part = filepath.Join(j.dir, name+".part")
	if fitsInMemory(j, claimed, a) {
		return p.saveInMemory(a, name, responseTag(it.raw, a.Resp.Header))
	}
	if err := m.markPartOwned(it); err != nil {
		return p.stop(outcome{verdict: unjournaledVerdict(err)})
	}
	if claimed == claimResume {
		if size, ok := resumableLeftover(p.part, a.Total); ok {
			return p.stop(outcome{resumeNow: true, reached: size})
		}
	}
	exclusive := !j.ownsPart && claimed == claimFree
	tag := responseTag(it.raw, a.Resp.Header)
	if plan, ok := p.splitPlan(a, exclusive, tag); ok {
		return plan
	}
	p.hash = pictureHash(p.part, p.format, a.Offset)
	f, err := m.createPart(p.part, a.Offset, exclusive, tag)
	return transfer.Plan{Hash: p.hash, File: f, OpenErr: err}
}

// nameFor picks the file name from the response. As in a browser, a link
// that was redirected is named after the address the file came from, so
// links through one redirector ("/redir?to=…") are not all named
// "redir"; the link itself names the file when that address names
// nothing, or when there was no redirect.
func (m *Manager) nameFor(it *item, resp *http.Response) string {
	u := it.link()
	if r := resp.Request; r != nil && r.URL != nil && (r.Response != nil || namesNothing(u)) && !namesNothing(r.URL) {
		u = r.URL
	}
	return naming.FromResponse(resp.Header.Get("Content-Disposition"), u, resp.Header.Get("Content-Type"))
}

// namesNothing says the address's path gives no name: it is empty or "/".
func namesNothing(u *url.URL) bool {
	base := path.Base(u.Path)
	return base == "/" || base == "."
}

func (m *Manager) noteStatus(it *item, code int) {
	m.mu.Lock()
	it.status = int32(code)
	if h := m.queues.byKey[it.host]; h != nil {
		h.noteAnswer()
	}
	m.store.touch(it)
	m.mu.Unlock()
}

// noteResponse records the validators, sizes and real format of a response about to be saved.
func (m *Manager) noteResponse(it *item, resp *http.Response, offset, total int64, format sniff.Format) {
	m.mu.Lock()
	if format.MIME != "" {
		it.mime, it.isImage, it.width, it.height = format.MIME, format.IsImage, int32(format.Width), int32(format.Height)
	}
	if resp.StatusCode == http.StatusOK {
		it.etag = resp.Header.Get("ETag")
		it.modified = resp.Header.Get("Last-Modified")
	}
	it.total.Store(total)
	if total < 0 && !(partTag{etag: it.etag, modified: it.modified}).hasVersion() {
		it.journalNow = true // nothing would tell its saved file again
	}
	m.markDirtyLocked(it)
	m.mu.Unlock()
	it.bytes.Store(offset)
	it.speed.reset(m.now(), offset)
}

// markPartOwned records that the part file is the item's, and writes that
// to the journal at once, so that a crash right after cannot orphan it;
// an earlier write that failed is tried again. When the journal cannot be
// written, the part file must not be created.
func (m *Manager) markPartOwned(it *item) error {
	m.mu.Lock()
	unwritten := !it.ownsPart || m.journal.failure() != nil && it.dirty
	it.ownsPart = true
	if unwritten {
		m.markDirtyLocked(it)
	}
	m.mu.Unlock()
	if !unwritten {
		return nil
	}
	return m.journal.flush(false)
}

// unjournaledVerdict is the verdict on a try whose temporary file the
// journal could not note.
func unjournaledVerdict(err error) rules.Verdict {
	return rules.Classify(rules.Failure{Unjournaled: err})
}
