package downloader

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"haul/downloader/naming"
	"haul/downloader/sniff"
)

// saveName is the name the item is saved under: the one it already has,
// or one claimed now from the answer, with what claiming found in the
// folder (see claimKind).
func (t *try) saveName(resp *http.Response, format sniff.Format, total int64) (string, claimKind) {
	it, j := t.it, t.j
	if j.name != "" {
		return j.name, claimFree
	}
	want := sniff.FixExtension(t.nameFor(resp), format)
	if format.IsImage && path.Ext(want) == "" {
		want += format.Ext
	}
	if it.pattern != "" {
		want = naming.FromTemplate(it.pattern, want)
	}
	return nameClaim{t.m, t.it}.claimName(fitName(it.dir, notATempName(want)), responseTag(it.raw, resp.Header), total)
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

// notATempName keeps a server-chosen name out of the temporary files'
// names: "x.jpg.part" would be another item's part file, so it becomes
// "x.jpg.part_".
func notATempName(name string) string {
	if strings.HasSuffix(naming.Fold(name), naming.Fold(".part")) {
		return name + "_"
	}
	return name
}

// pictureHash starts the sha256 of a picture, fed with the bytes already
// in the part file when resuming from offset; nil when the file is no
// picture or the part file cannot be read.
func pictureHash(part string, format sniff.Format, offset int64) hash.Hash {
	if !format.IsImage {
		return nil
	}
	h := sha256.New()
	if offset > 0 && hashPrefix(h, part, offset) != nil {
		return nil
	}
	return h
}

// tagged tags a new part file, or checks that the one resumed from offset
// carries its tag; it says whether the file is tagged.
func tagged(part string, offset int64, tag partTag) bool {
	if offset == 0 {
		return tagPart(part, tag)
	}
	_, ok := readPartTag(part)
	return ok
}

// finishFile makes a complete part file durable and moves it into place.
// The download slot is already free: a few saves at once let the disk
// batch their syncs.
func (t *try) finishFile(ctx context.Context, f partFile, part string, format sniff.Format, h hash.Hash, out outcome) outcome {
	m, it, j := t.m, t.it, t.j
	if m.disk.commitSem.Acquire(ctx, 1) != nil {
		f.Close()
		return out // stopped while the disk was busy: the whole part file waits for the next try
	}
	held := true
	defer func() {
		if held {
			m.disk.commitSem.Release(1)
		}
	}()
	t.passSlotOn() // only now: while the disk is slow, no new download opens another file
	left, err := m.disk.syncFile(ctx, f)
	switch {
	case left:
		held = false // the file holds its place until it is closed
		return out
	case err != nil:
		f.Close()
		out.verdict = saveFailed(err, j.dir)
		return out
	}
	if err := f.Close(); err != nil {
		out.verdict = saveFailed(err, j.dir)
		return out
	}
	if format.IsImage && (format.Width == 0 || format.Height == 0) {
		if head := headOf(part); head != nil {
			t.noteDimensions(head)
		}
	}
	if h != nil {
		sum := hex.EncodeToString(h.Sum(nil))
		if same := m.pictures.sameAs(it, sum, j.limits.KeepDuplicates); same != nil {
			os.Remove(part)
			m.pictures.markSame(it, same)
			return outcome{skipped: true}
		}
	}
	if err := t.commit(part, j.limits.OnExists); err != nil {
		out.verdict = saveFailed(err, j.dir)
		return out
	}
	if err := m.disk.syncDir(j.dir); err != nil {
		out.verdict = saveFailed(err, j.dir)
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

// headOf reads the header of a part file, for a picture's pixel size when
// the first bytes alone did not hold it (JPEGs with large metadata); nil
// when the file cannot be read.
func headOf(part string) []byte {
	f, err := os.Open(part)
	if err != nil {
		return nil
	}
	defer f.Close()
	head := make([]byte, sniff.MaxHead)
	n, _ := io.ReadFull(f, head)
	return head[:n]
}

// noteDimensions records the pixel size a picture's first bytes give.
func (t *try) noteDimensions(head []byte) {
	m, it := t.m, t.it
	format := sniff.Detect(head)
	m.mu.Lock()
	it.width, it.height = int32(format.Width), int32(format.Height)
	m.store.touch(it)
	m.mu.Unlock()
}

// commitComplete saves a part file that already holds the whole file (the
// app stopped between the last byte and the move into place) without
// asking the server again.
func (t *try) commitComplete(ctx context.Context) outcome {
	m, j := t.m, t.j
	part := filepath.Join(j.dir, j.name+".part")
	f, err := openOwnPart(part)
	if err != nil {
		return t.openFailed(err) // not Haul's own file: the item takes another name
	}
	if _, ok := readPartTag(part); !ok {
		m.disk.untagged.Store(true)
	}
	var h hash.Hash
	if j.format.IsImage {
		h = sha256.New()
		if hashPrefix(h, part, j.total) != nil {
			h = nil
		}
	}
	return t.finishFile(ctx, f, part, j.format, h, outcome{})
}
