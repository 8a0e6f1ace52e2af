package downloader

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"hash"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"path/filepath"

	"haul/downloader/sniff"
)

// saveInput is what save needs beyond the job: where the body starts, its
// size, the head already read from it, and what the head says it is.
type saveInput struct {
	offset, total int64
	head          []byte
	body          io.Reader
	format        sniff.Format
}

// save names the file, streams the body into its part file, checks it and
// moves it into place; pictures are hashed on the way to catch duplicates.
func (m *Manager) save(ctx, actx context.Context, it *item, j job, resp *http.Response, in saveInput) outcome {
	if err := os.MkdirAll(j.dir, 0o755); err != nil {
		return outcome{verdict: diskVerdict(err, j.dir)}
	}
	name := j.name
	if name == "" {
		want := m.nameFor(it, resp)
		if in.format.IsImage {
			want = sniff.FixExtension(want, in.format)
			if path.Ext(want) == "" {
				want += in.format.Ext
			}
		}
		var skip bool
		if name, skip = m.claimName(it, want); skip {
			return outcome{skipped: true}
		}
	}
	m.noteResponse(it, resp, in.offset, in.total, in.format)

	part := filepath.Join(j.dir, name+".part")
	m.markPartOwned(it)
	var h hash.Hash
	if in.format.IsImage {
		h = sha256.New()
		if in.offset > 0 && hashPrefix(h, part, in.offset) != nil {
			h = nil
		}
	}
	m.createMu.Lock()
	f, err := m.openPart(part, in.offset, !j.ownsPart)
	m.createMu.Unlock()
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			m.forgetName(it)
			return outcome{now: true, verdict: verdict{retry: true, err: &ItemError{Kind: ErrDisk, Reason: ReasonNameTaken, Err: err}}}
		}
		return outcome{verdict: diskVerdict(err, j.dir)}
	}
	n, err := m.writeChunk(f, in.head, h, it)
	if err == nil {
		var rest int64
		rest, err = m.copyBody(actx, f, in.body, h, it)
		n += rest
	}
	out := outcome{progress: n > 0, written: n}
	if err != nil {
		f.Close()
		if errors.Is(err, errWrite) {
			out.verdict = diskVerdict(err, j.dir)
		} else if o := m.transportOutcome(ctx, actx, err, j.url); o.verdict.err != nil {
			out.verdict = o.verdict
		}
		return out
	}
	if in.total >= 0 && in.offset+n != in.total {
		f.Close()
		out.verdict = verdict{retry: true, err: &ItemError{Kind: ErrShortBody, Reason: ReasonCutShort, Err: io.ErrUnexpectedEOF}}
		return out
	}
	resp.Body.Close()
	m.releaseSlot(it)
	return m.finishFile(it, j, f, part, in.format, h, out)
}

// finishFile makes a complete part file durable and moves it into place.
// The download slot is already free: a few saves at once let the disk
// batch their syncs.
func (m *Manager) finishFile(it *item, j job, f partFile, part string, format sniff.Format, h hash.Hash, out outcome) outcome {
	m.commitSem.Acquire(context.Background(), 1) // fails only when the context ends
	defer m.commitSem.Release(1)
	if err := m.syncFile(f); err != nil {
		f.Close()
		out.verdict = diskVerdict(err, j.dir)
		return out
	}
	if err := f.Close(); err != nil {
		out.verdict = diskVerdict(err, j.dir)
		return out
	}
	if format.IsImage && (format.Width == 0 || format.Height == 0) {
		m.measure(it, part)
	}
	if h != nil {
		sum := hex.EncodeToString(h.Sum(nil))
		if same := m.sameAs(it, sum, j.limits.KeepDuplicates); same != nil {
			os.Remove(part)
			m.markSameAs(it, same)
			return outcome{skipped: true}
		}
	}
	if err := m.commit(it, part, j.limits.OnExists); err != nil {
		out.verdict = diskVerdict(err, j.dir)
		return out
	}
	out.done = true
	return out
}

// hashPrefix feeds h with the first n bytes already in the part file, so a
// resumed picture is hashed whole without downloading it again.
func hashPrefix(h hash.Hash, part string, n int64) error {
	f, err := os.Open(part)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.CopyN(h, f, n)
	return err
}

// measure reads a picture's pixel size from the header of its part file
// when the first bytes alone did not hold it (JPEGs with large metadata).
func (m *Manager) measure(it *item, part string) {
	f, err := os.Open(part)
	if err != nil {
		return
	}
	defer f.Close()
	head := make([]byte, sniff.MaxHead)
	n, _ := io.ReadFull(f, head)
	format := sniff.Detect(head[:n])
	m.mu.Lock()
	it.width, it.height = format.Width, format.Height
	m.touchLocked(it)
	m.mu.Unlock()
}

// commitComplete saves a part file that already holds the whole file (the
// app stopped between the last byte and the move into place) without
// asking the server again.
func (m *Manager) commitComplete(it *item, j job) outcome {
	m.releaseSlot(it)
	part := filepath.Join(j.dir, j.name+".part")
	f, err := os.OpenFile(part, os.O_WRONLY, 0)
	if err != nil {
		return outcome{verdict: diskVerdict(err, j.dir)}
	}
	var h hash.Hash
	if j.format.IsImage {
		h = sha256.New()
		if hashPrefix(h, part, j.total) != nil {
			h = nil
		}
	}
	return m.finishFile(it, j, f, part, j.format, h, outcome{})
}

// syncFile makes a part file durable, in a group with others finishing at
// the same time when it is a real file.
func (m *Manager) syncFile(f partFile) error {
	if osf, ok := f.(*os.File); ok {
		return m.syncer.sync(osf)
	}
	return f.Sync()
}
