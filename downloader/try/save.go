package try

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"haul/downloader/disk"
	"haul/downloader/names"
	"haul/downloader/naming"
	"haul/downloader/rules"
	"haul/downloader/sniff"
	"haul/downloader/transfer"
)

// saveComplete saves a file whose bytes are all in: from memory, from the
// temporary file just written, or from one an earlier try left whole.
func (t *Try) saveComplete(ctx context.Context, r transfer.Result) Outcome {
	switch {
	case r.Ending == transfer.AlreadyWhole:
		return t.commitComplete(ctx)
	case t.mem != nil:
		return t.finishSmall(ctx)
	}
	h := t.hash
	if t.split != nil {
		h = pictureHash(t.part, t.format, r.Reached) // the parts came in no order: hashed once whole
	}
	return t.finishFile(ctx, r.File, t.part, t.format, h, Outcome{Reached: r.Reached})
}

// finishFile makes a complete temporary file durable and moves it into
// place. The download slot is given back first: a few saves at once let
// the disk batch their syncs.
func (t *Try) finishFile(ctx context.Context, f disk.PartFile, part string, format sniff.Format, h hash.Hash, out Outcome) Outcome {
	d, j := t.p.Disk, t.j
	if d.Commits.Acquire(ctx, 1) != nil {
		f.Close()
		return out // stopped while the disk was busy: the whole part file waits for the next try
	}
	held := true
	defer func() {
		if held {
			d.ReleaseCommit()
		}
	}()
	t.passSlotOn() // only now: while the disk is slow, no new download opens another file
	left, err := d.SyncFile(ctx, f)
	switch {
	case left:
		held = false // the file holds its place until it is closed
		return out
	case err != nil:
		f.Close()
		out.Verdict = saveFailed(err, j.Dir)
		return out
	}
	if err := f.Close(); err != nil {
		out.Verdict = saveFailed(err, j.Dir)
		return out
	}
	if format.IsImage && (format.Width == 0 || format.Height == 0) {
		if head := headOf(part); head != nil {
			t.noteDimensions(head)
		}
	}
	if h != nil && t.p.Pictures.Same(hex.EncodeToString(h.Sum(nil)), j.Limits.KeepDuplicates) {
		os.Remove(part)
		return Outcome{Skipped: true}
	}
	if err := t.commit(part); err != nil {
		out.Verdict = saveFailed(err, j.Dir)
		return out
	}
	if err := d.SyncDir(j.Dir); err != nil {
		out.Verdict = saveFailed(err, j.Dir)
		return out
	}
	out.Done = true
	return out
}

// commit moves the finished temporary file to its final name without
// replacing a file that appeared meanwhile (unless the policy is
// Overwrite).
func (t *Try) commit(part string) error {
	j := t.j
	disk.MarkFromInternet(part, j.Link, j.Referer)
	overwrite := j.Limits.OnExists == names.Overwrite
	for range 1000 {
		final := filepath.Join(j.Dir, t.p.Item.Name())
		err := disk.CommitFile(part, final, overwrite)
		if err == nil {
			t.p.Item.Saved(final)
			return nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return err
		}
		part = t.renameAfterClash(part)
	}
	return fmt.Errorf("save %s: no free name", t.p.Item.Name())
}

// renameAfterClash gives the item the next free numbered name and moves
// its temporary file along; it returns the temporary file's path. The
// folder is looked at and the file moved with no lock held: the name is
// held for the item meanwhile (package names), so no other item takes it.
func (t *Try) renameAfterClash(part string) string {
	j := t.j
	base := t.p.Item.Name()
	t.p.Names.Release(j.Dir, base, j.ID) // the name is another file's now
	for n := 2; n < 1000; n++ {
		name := naming.Numbered(base, n)
		if !t.p.Names.Reserve(j.Dir, name, 1, j.ID).OK {
			continue
		}
		full := filepath.Join(j.Dir, name)
		if disk.Exists(full) || disk.Exists(full+".part") || os.Rename(part, full+".part") != nil {
			t.p.Names.Release(j.Dir, name, j.ID)
			continue
		}
		t.p.Item.Renamed(name)
		return full + ".part"
	}
	return part
}

// commitComplete saves a temporary file that already holds the whole file
// (the app stopped between the last byte and the move into place) without
// asking the server again.
func (t *Try) commitComplete(ctx context.Context) Outcome {
	j := t.j
	part := filepath.Join(j.Dir, j.Name+".part")
	f, err := disk.OpenOwnPart(part)
	if err != nil {
		return t.openFailed(err) // not Haul's own file: the item takes another name
	}
	if _, ok := disk.ReadTag(part); !ok {
		t.p.Disk.NoteUntagged()
	}
	var h hash.Hash
	if j.Format.IsImage {
		h = sha256.New()
		if hashPrefix(h, part, j.Total) != nil {
			h = nil
		}
	}
	return t.finishFile(ctx, f, part, j.Format, h, Outcome{})
}

// pictureHash starts the sha256 of a picture, fed with the bytes already
// in the temporary file when resuming from offset; nil when the file is
// no picture or the temporary file cannot be read.
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

// hashPrefix feeds h with the first n bytes already in the temporary
// file, so a resumed picture is hashed whole without downloading it again.
func hashPrefix(h hash.Hash, part string, n int64) error {
	f, err := os.Open(part)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = io.CopyN(h, f, n)
	return err
}

// headOf reads the header of a temporary file, for a picture's pixel size
// when the first bytes alone did not hold it (JPEGs with large metadata);
// nil when the file cannot be read.
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
func (t *Try) noteDimensions(head []byte) {
	format := sniff.Detect(head)
	t.p.Item.NoteDimensions(format.Width, format.Height)
}

// heldBefore is the outcome of a try the folder's archive answers before
// the download: skipped when it holds the link; failed when it cannot be
// read. ends says it ends the try.
func (t *Try) heldBefore() (out Outcome, ends bool) {
	a := t.p.Archive
	if a == nil {
		return Outcome{}, false
	}
	held, err := a.HasLink(t.j.Dir, t.j.Link)
	return archived(held, err, t.j.Dir)
}

// archived turns the answer of folder dir's archive into the try's
// outcome, and says whether it ends the try.
func archived(held bool, err error, dir string) (Outcome, bool) {
	if err != nil {
		return Outcome{Verdict: rules.ArchiveVerdict(err, dir)}, true
	}
	return Outcome{Skipped: true, Note: savedBefore}, held
}

// pictureSavedBefore says the picture the try brought whole is one the
// folder's archive holds, or may hold as it cannot be read; its bytes are
// then dropped and its name given back, and the item is skipped or fails.
func (t *Try) pictureSavedBefore(r transfer.Result) (Outcome, bool) {
	a := t.p.Archive
	if a == nil || t.hash == nil || r.Ending != transfer.Complete {
		return Outcome{}, false
	}
	held, err := a.HasPicture(t.j.Dir, hex.EncodeToString(t.hash.Sum(nil)))
	out, ends := archived(held, err, t.j.Dir)
	if !ends {
		return Outcome{}, false
	}
	if r.File != nil {
		r.File.Close()
	}
	if part := t.p.Item.DropPart(); part != "" {
		t.p.Disk.Remove(part) // one left behind is a temporary file with Haul's note, found by a later run
	}
	t.p.Item.ForgetName()
	return out, true
}

// remember records the file the try saved in the folder's archive. A
// failure to record costs only a download again later.
func (t *Try) remember() {
	a := t.p.Archive
	if a == nil {
		return
	}
	link, sum, page := t.p.Item.Remembered()
	_ = a.Remember(t.j.Dir, link, sum, page)
}
