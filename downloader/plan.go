package downloader

import (
	"hash"
	"io"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"

	"haul/downloader/disk"
	"haul/downloader/names"
	"haul/downloader/naming"
	"haul/downloader/network"
	"haul/downloader/ranges"
	"haul/downloader/rules"
	"haul/downloader/sniff"
	"haul/downloader/transfer"
)

// try is one try of one item, from the request to the recorded outcome:
// the item, the job copied from it under the lock, the plan the engine
// makes of the answer the transfer opened, and what it decided, for the
// outcome. Its methods are the try's steps (see Manager.attempt); it is
// used by the one goroutine that makes the try, and takes the Manager's
// lock (Manager.mu) only for the moments it changes the item.
type try struct {
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
	tag  disk.Tag
	// named is the name the answer gives the file, once nameFor worked it out.
	named string
}

// plan is the engine's decision on an accepted answer, where the name is
// claimed: read it as a web page, stop (a sign-in form, a file that is
// not what the link promised, a name to skip, a leftover to resume), or
// the file the body goes to, opened here.
func (t *try) plan(a transfer.Answer) transfer.Plan {
	t.asked = true
	t.noteStatus(a.Resp.StatusCode)
	if a.Offset > 0 {
		if t.format.MIME == "" {
			t.format = formatOfPart(filepath.Join(t.j.dir, t.j.name+".part"))
		}
		return t.save(a)
	}
	t.format = a.Format
	if t.isPage(a.Resp) {
		if network.SignInPage(t.j.url, a.Resp, a.Head) {
			return t.stop(outcome{verdict: refused(network.SignInError(a.Resp.StatusCode))})
		}
		return transfer.Plan{ReadPage: true}
	}
	if o, wrong := t.notAsPromised(a); wrong {
		return t.stop(o)
	}
	return t.save(a)
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
func (t *try) stop(o outcome) transfer.Plan {
	t.stopped = o
	return transfer.Plan{Stop: true}
}

// notAsPromised checks the first bytes of a file expected to be a picture:
// an empty file or text is a failure, not a picture; so are bytes of no
// picture format where the name or type claims a format the check knows.
func (t *try) notAsPromised(a transfer.Answer) (outcome, bool) {
	resp := a.Resp
	if !sniff.ExpectImage(t.nameFor(resp), resp.Header.Get("Content-Type"), t.j.fromPage) {
		return outcome{}, false
	}
	switch {
	case len(a.Head) == 0:
		return outcome{verdict: refused(&ItemError{Kind: ErrEmptyBody, Reason: ReasonEmptyFile, Status: resp.StatusCode})}, true
	case a.Format.IsText:
		rule, _ := t.m.net.SiteRule(t.j.url.Hostname())
		return outcome{verdict: rules.Classify(rules.Failure{Refused: network.NotImageError(a.Head, t.j.url, resp),
			Head: a.Head, Signs: rule.Signs()})}, true
	case !a.Format.IsImage && sniff.ClaimsKnownPicture(t.nameFor(resp), resp.Header.Get("Content-Type")):
		return outcome{verdict: refused(notPictureError(resp))}, true
	}
	return outcome{}, false
}

// notPictureError is the failure of an answer that is no picture where
// the link or the server named one: bytes of no picture format, as sent or
// once decoded, or a picture still wrapped in a Content-Encoding Haul
// cannot undo (named in Detail).
func notPictureError(resp *http.Response) *ItemError {
	return &ItemError{Kind: ErrNotImage, Reason: ReasonNotPicture, Status: resp.StatusCode,
		Detail: transfer.KeptEncoding(resp.Header)}
}

// save names the file and readies its temporary file: the body goes
// there, hashed on the way when it is a picture, to catch duplicates.
func (t *try) save(a transfer.Answer) transfer.Plan {
	m, it, j := t.m, t.it, t.j
	if err := m.disk.MakeDir(j.dir); err != nil {
		return t.stop(outcome{verdict: saveFailed(err, j.dir)})
	}
	name, claimed := t.saveName(a.Resp, t.format, a.Total)
	if claimed == names.Skip {
		return t.stop(outcome{skipped: true})
	}
	t.noteResponse(a.Resp, a.Offset, a.Total, t.format)
	t.part = filepath.Join(j.dir, name+".part")
	if fitsInMemory(j, claimed, a) {
		return t.saveInMemory(a, name, disk.ResponseTag(it.raw, a.Resp.Header))
	}
	if err := t.markPartOwned(); err != nil {
		return t.stop(outcome{verdict: unjournaledVerdict(err)})
	}
	if claimed == names.Resume {
		if size, ok := resumableLeftover(t.part, a.Total); ok {
			return t.stop(outcome{resumeNow: true, reached: size})
		}
	}
	exclusive := !j.ownsPart && claimed == names.Free
	tag := disk.ResponseTag(it.raw, a.Resp.Header)
	if plan, ok := t.splitPlan(a, exclusive, tag); ok {
		return plan
	}
	t.hash = pictureHash(t.part, t.format, a.Offset)
	f, err := m.disk.CreatePart(t.part, a.Offset, exclusive, tag)
	return transfer.Plan{Hash: t.hash, File: f, OpenErr: err}
}

// nameFor picks the file name from the response. As in a browser, a link
// that was redirected is named after the address the file came from, so
// links through one redirector ("/redir?to=…") are not all named
// "redir"; the link itself names the file when that address names
// nothing, or when there was no redirect.
func (t *try) nameFor(resp *http.Response) string {
	if t.named != "" {
		return t.named // the try's one answer, asked about again
	}
	u := t.it.link()
	if r := resp.Request; r != nil && r.URL != nil && (r.Response != nil || namesNothing(u)) && !namesNothing(r.URL) {
		u = r.URL
	}
	t.named = naming.FromResponse(resp.Header.Get("Content-Disposition"), u, resp.Header.Get("Content-Type"))
	return t.named
}

// namesNothing says the address's path gives no name: it is empty or "/".
func namesNothing(u *url.URL) bool {
	base := path.Base(u.Path)
	return base == "/" || base == "."
}

func (t *try) noteStatus(code int) {
	m, it := t.m, t.it
	m.mu.Lock()
	it.status = int32(code)
	if h := m.queues.byKey[it.host]; h != nil {
		h.noteAnswer()
	}
	m.store.touch(it)
	m.mu.Unlock()
}

// noteResponse records the validators, sizes and real format of a response about to be saved.
func (t *try) noteResponse(resp *http.Response, offset, total int64, format sniff.Format) {
	m, it := t.m, t.it
	m.mu.Lock()
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
	m.markDirtyLocked(it)
	m.mu.Unlock()
	it.bytes.Store(offset)
	it.speed.reset(m.now(), offset)
}

// markPartOwned records that the part file is the item's, and writes that
// to the journal at once, so that a crash right after cannot orphan it;
// an earlier write that failed is tried again. When the journal cannot be
// written, the part file must not be created.
func (t *try) markPartOwned() error {
	m, it := t.m, t.it
	m.names.NotePart(t.j.dir)
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
