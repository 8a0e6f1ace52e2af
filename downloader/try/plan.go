package try

import (
	"io"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"

	"haul/downloader/disk"
	"haul/downloader/itemstate"
	"haul/downloader/names"
	"haul/downloader/naming"
	"haul/downloader/network"
	"haul/downloader/rules"
	"haul/downloader/sniff"
	"haul/downloader/transfer"
)

// A run whose queue was lost (deleted, damaged, or -state off) finds the
// temporary files an earlier run left by the note on each (see disk.Tag).
// Before an item's first request, adoptLeftover looks under the name the
// link itself suggests: a leftover of this link there, with a known
// version, makes the first request ask only for the rest, with If-Range so
// that another version comes whole and is written over it from byte 0.
// A leftover under a name only the answer reveals (Content-Disposition, a
// numbered name) is found when the name is claimed (see names.Claim).

// adoptLeftover gives the job the temporary file an earlier run left for
// the item's link under the name the link suggests, when there is one and
// it notes the version of the file it holds.
func (t *Try) adoptLeftover() {
	j := &t.j
	if j.Name != "" || j.OwnsPart || !t.p.Names.MayHoldLeftovers(j.Dir) {
		return
	}
	name := names.NotATempName(naming.FromResponse("", j.URL, ""))
	if j.Pattern != "" {
		name = naming.FromTemplate(j.Pattern, name)
	}
	full := filepath.Join(j.Dir, name)
	tag, ok := disk.ReadTag(full + ".part")
	if !ok || !tag.IsFor(j.Link) || !tag.HasVersion() || disk.Exists(full) {
		return
	}
	if !t.p.Names.Reserve(j.Dir, name, 1, j.ID).OK {
		return
	}
	j.Validator = t.p.Item.Adopt(name, tag.ETag, tag.Modified)
	j.Name, j.OwnsPart, j.ETag, j.Modified = name, true, tag.ETag, tag.Modified
}

// plan is the try's decision on an accepted answer, where the name is
// claimed: read it as a web page, stop (a sign-in form, a file that is
// not what the link promised, a name to skip, a leftover to resume), or
// the file the body goes to, opened here.
func (t *Try) plan(a transfer.Answer) transfer.Plan {
	t.asked = true
	t.noteStatus(a.Resp.StatusCode)
	if a.Offset > 0 {
		if t.format.MIME == "" {
			t.format = formatOfPart(filepath.Join(t.j.Dir, t.j.Name+".part"))
		}
		return t.save(a)
	}
	t.format = a.Format
	if t.isPage(a.Resp) {
		if network.SignInPage(t.j.URL, a.Resp, a.Head) {
			return t.stop(Outcome{Verdict: refused(network.SignInError(a.Resp.StatusCode))})
		}
		return transfer.Plan{ReadPage: true}
	}
	if o, wrong := t.notAsPromised(a); wrong {
		return t.stop(o)
	}
	return t.save(a)
}

// noteStatus records the answer's status with the item and its site.
func (t *Try) noteStatus(code int) {
	t.p.Item.NoteStatus(code)
	t.p.Site.Answered()
}

// isPage says an answer is to be read as a web page: an HTML answer to a
// link that was not expected to be a file and does not name a picture.
func (t *Try) isPage(resp *http.Response) bool {
	if t.env.SavePages || t.j.FromPage || t.j.Name != "" {
		return false
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	return (mt == "text/html" || mt == "application/xhtml+xml") && !sniff.ExpectImage(t.nameFor(resp), "", false)
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
func (t *Try) stop(o Outcome) transfer.Plan {
	t.stopped = o
	return transfer.Plan{Stop: true}
}

// notAsPromised checks the first bytes of a file expected to be a picture:
// an empty file or text is a failure, not a picture; so are bytes of no
// picture format where the name or type claims a format the check knows.
func (t *Try) notAsPromised(a transfer.Answer) (Outcome, bool) {
	resp := a.Resp
	if !sniff.ExpectImage(t.nameFor(resp), resp.Header.Get("Content-Type"), t.j.FromPage) {
		return Outcome{}, false
	}
	switch {
	case len(a.Head) == 0:
		return Outcome{Verdict: refused(&itemstate.ItemError{Kind: itemstate.ErrEmptyBody, Reason: itemstate.ReasonEmptyFile,
			Status: resp.StatusCode})}, true
	case a.Format.IsText:
		rule, _ := t.p.Network.SiteRule(t.j.URL.Hostname())
		return Outcome{Verdict: rules.Classify(rules.Failure{Refused: network.NotImageError(a.Head, t.j.URL, resp),
			Head: a.Head, Signs: rule.Signs()})}, true
	case !a.Format.IsImage && sniff.ClaimsKnownPicture(t.nameFor(resp), resp.Header.Get("Content-Type")):
		return Outcome{Verdict: refused(notPictureError(resp))}, true
	}
	return Outcome{}, false
}

// notPictureError is the failure of an answer that is no picture where
// the link or the server named one: bytes of no picture format, as sent or
// once decoded, or a picture still wrapped in a Content-Encoding Haul
// cannot undo (named in Detail).
func notPictureError(resp *http.Response) *itemstate.ItemError {
	return &itemstate.ItemError{Kind: itemstate.ErrNotImage, Reason: itemstate.ReasonNotPicture, Status: resp.StatusCode,
		Detail: transfer.KeptEncoding(resp.Header)}
}

// save names the file and readies its temporary file: the body goes
// there, hashed on the way when it is a picture, to catch duplicates.
func (t *Try) save(a transfer.Answer) transfer.Plan {
	j := t.j
	if err := t.p.Disk.MakeDir(j.Dir); err != nil {
		return t.stop(Outcome{Verdict: saveFailed(err, j.Dir)})
	}
	name, claimed := t.saveName(a.Resp, t.format, a.Total)
	if claimed == names.Skip {
		return t.stop(Outcome{Skipped: true})
	}
	t.p.Item.NoteResponse(a.Resp, a.Offset, a.Total, t.format)
	t.part = filepath.Join(j.Dir, name+".part")
	tag := disk.ResponseTag(j.Link, a.Resp.Header)
	if t.fitsInMemory(claimed, a) {
		return t.saveInMemory(a, name, tag)
	}
	if err := t.ownPart(); err != nil {
		return t.stop(Outcome{Verdict: unjournaledVerdict(err)})
	}
	if claimed == names.Resume {
		if size, ok := resumableLeftover(t.part, a.Total); ok {
			return t.stop(Outcome{ResumeNow: true, Reached: size})
		}
	}
	exclusive := !j.OwnsPart && claimed == names.Free
	if t.mayFetchInParts(a) {
		if plan, ok := t.splitPlan(a, exclusive, tag); ok {
			return plan
		}
	}
	t.hash = pictureHash(t.part, t.format, a.Offset)
	f, err := t.p.Disk.CreatePart(t.part, a.Offset, exclusive, tag)
	return transfer.Plan{Hash: t.hash, File: f, OpenErr: err}
}

// saveName is the name the item is saved under: the one it already has,
// or one claimed now from the answer, with what claiming found in the
// folder.
func (t *Try) saveName(resp *http.Response, format sniff.Format, total int64) (string, names.Kind) {
	j := t.j
	if j.Name != "" {
		return j.Name, names.Free
	}
	want := sniff.FixExtension(t.nameFor(resp), format)
	if format.IsImage && path.Ext(want) == "" {
		want += format.Ext
	}
	if j.Pattern != "" {
		want = naming.FromTemplate(j.Pattern, want)
	}
	c := t.p.Names.Claim(names.Want{ID: j.ID, Dir: j.Dir, Link: j.Link, Name: names.Fit(j.Dir, names.NotATempName(want)),
		Offered: disk.ResponseTag(j.Link, resp.Header), Total: total, Policy: t.env.OnExists()})
	found := ""
	if c.Kind == names.Skip {
		found = filepath.Join(j.Dir, c.Name)
	}
	t.p.Item.Claimed(c, found)
	return c.Name, c.Kind
}

// nameFor picks the file name from the response. As in a browser, a link
// that was redirected is named after the address the file came from, so
// links through one redirector ("/redir?to=…") are not all named
// "redir"; the link itself names the file when that address names
// nothing, or when there was no redirect.
func (t *Try) nameFor(resp *http.Response) string {
	if t.named != "" {
		return t.named // the try's one answer, asked about again
	}
	u := t.j.URL
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

// resumableLeftover is the size of the temporary file an earlier run left
// of this same version of the file, when the rest can be asked for; a
// leftover larger than the whole file is not, and is written again.
func resumableLeftover(part string, total int64) (int64, bool) {
	fi, err := os.Lstat(part)
	if err != nil || total >= 0 && fi.Size() > total {
		return 0, false
	}
	return fi.Size(), true
}

// ownPart records that the temporary file is the item's, and writes that
// to the journal at once, so that a crash right after cannot orphan it;
// an earlier write that failed is tried again. When the journal cannot be
// written, the temporary file must not be created.
func (t *Try) ownPart() error {
	t.p.Names.NotePart(t.j.Dir)
	if !t.p.Item.OwnPart(t.p.Journal.Failure() != nil) {
		return nil
	}
	return t.p.Journal.Flush(false)
}

// fitsInMemory says the body is saved by the small-file path: a new file
// from byte 0, of known length up to SmallFileMax, not replacing anything.
func (t *Try) fitsInMemory(claimed names.Kind, a transfer.Answer) bool {
	return a.Offset == 0 && !t.j.OwnsPart && claimed == names.Free &&
		a.Total >= 0 && a.Total <= t.j.Limits.SmallFileMax && t.j.Limits.OnExists != names.Overwrite
}

// mayFetchInParts says the file may be fetched over several connections
// (split.go): an earlier try fetched it in parts, or enough of it is left.
func (t *Try) mayFetchInParts(a transfer.Answer) bool {
	return t.j.Holes != nil || a.Total-a.Offset >= t.j.Limits.SplitThreshold
}
