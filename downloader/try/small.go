package try

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"haul/downloader/disk"
	"haul/downloader/sniff"
	"haul/downloader/transfer"
)

// Small files skip the named temporary file. A body of known length up to
// Limits.SmallFileMax is received in memory, written into a file without a
// name (O_TMPFILE on Linux), synced, and only then given its final name
// with one link, which is synced too before the item is Done. A crash at
// any moment leaves either nothing or the whole file under its final name,
// and never a temporary file to clean up, so no journal line has to
// announce one. Where the system or the file system cannot make a file
// without a name, or the name was taken meanwhile, the bytes go through
// the usual temporary file. A body cut short is written to the temporary
// file as far as it came, so the next try resumes it like any other.

// errLeftSave says the item was paused, canceled or stopped while its
// file waited for the disk, before the file had its name.
var errLeftSave = errors.New("stopped before the file was saved")

// memFile collects a body in memory; the transfer writes into it.
type memFile struct{ data []byte }

func (f *memFile) Write(p []byte) (int, error) {
	f.data = append(f.data, p...)
	return len(p), nil
}
func (f *memFile) Sync() error  { return nil }
func (f *memFile) Close() error { return nil }

// saveInMemory plans a small body's trip: into memory, hashed on the way
// when it is a picture.
func (t *Try) saveInMemory(a transfer.Answer, name string, tag disk.Tag) transfer.Plan {
	t.mem = &memFile{}
	if int64(len(a.Head)) == a.Total && cap(a.Head) == len(a.Head) {
		// The first bytes read are the whole body: they are written onto
		// themselves, and anything beyond them goes to a new array.
		t.mem.data = a.Head[:0]
	} else {
		t.mem.data = make([]byte, 0, a.Total)
	}
	t.name, t.tag = name, tag
	t.hash = pictureHash(t.part, t.format, 0)
	return transfer.Plan{Hash: t.hash, File: t.mem}
}

// keepReceived writes the first bytes of a small body cut short to the
// temporary file, so the next try asks only for the rest; it returns how
// many bytes the temporary file holds.
func (t *Try) keepReceived() int64 {
	if len(t.mem.data) == 0 {
		return 0
	}
	if t.ownPart() != nil {
		return 0
	}
	f, err := t.p.Disk.CreatePart(t.part, 0, true, t.tag)
	if err != nil {
		return 0
	}
	n, err := f.Write(t.mem.data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return 0
	}
	return int64(n)
}

// finishSmall checks a complete small body's picture size and saves it:
// without a temporary name where the system allows, else through the
// temporary file. As for temporary files, a picture is compared with the
// ones already saved only once its bytes are on the disk: an item that
// leaves the wait for the disk has claimed no picture that others are
// skipped for.
func (t *Try) finishSmall(ctx context.Context) Outcome {
	if t.format.IsImage && (t.format.Width == 0 || t.format.Height == 0) {
		t.noteDimensions(t.mem.data[:min(len(t.mem.data), sniff.MaxHead)])
	}
	same, err := t.linkSmall(ctx)
	switch {
	case same:
		return Outcome{Skipped: true}
	case err == nil:
		return Outcome{Done: true, Reached: int64(len(t.mem.data))}
	case errors.Is(err, errLeftSave):
		return Outcome{}
	case errors.Is(err, disk.ErrNoUnnamed), errors.Is(err, fs.ErrExist):
		t.p.Pictures.Disown() // claimed again once the temporary file is on the disk
		return t.saveThroughPart(ctx)
	}
	return Outcome{Verdict: saveFailed(err, t.j.Dir)}
}

// linkSmall writes the body into a file without a name in the item's
// folder, makes it durable, and links it under its name without replacing
// anything; the new folder entry is durable too when it returns no error.
// A picture identical to one already saved is not linked: same is true.
// It returns errLeftSave when the try ended while the file waited for the
// disk, an error wrapping disk.ErrNoUnnamed when the folder cannot hold a
// file without a name, and fs.ErrExist when the name was taken meanwhile.
func (t *Try) linkSmall(ctx context.Context) (same bool, err error) {
	d, j := t.p.Disk, t.j
	if d.Commits.Acquire(ctx, 1) != nil {
		return false, errLeftSave
	}
	held := true
	defer func() {
		if held {
			d.ReleaseCommit()
		}
	}()
	t.passSlotOn()
	f, err := d.WriteUnnamed(j.Dir, t.name, t.tag, t.mem.data)
	if err != nil {
		return false, err
	}
	switch left, err := d.Syncs.SyncOrLeaveAgain(ctx, f, d.ReleaseCommit); {
	case left:
		held = false              // the file holds its place until it is closed
		return false, errLeftSave // the file, still without a name, vanishes when closed
	case err != nil:
		d.Syncs.NotAgain()
		f.Close()
		return false, err
	}
	defer f.Close() // a file left without a name vanishes
	if t.hash != nil && t.p.Pictures.Same(hex.EncodeToString(t.hash.Sum(nil)), j.Limits.KeepDuplicates) {
		d.Syncs.NotAgain()
		return true, nil
	}
	final := filepath.Join(j.Dir, t.name)
	// Files without a name exist only on Linux, where the group sync
	// flushes the whole file system: the new entry in the folder too.
	linked, err := d.LinkUnnamedAndSync(f, final)
	if linked {
		t.p.Item.Saved(final)
	}
	return false, err
}

// saveThroughPart saves a body received in memory the usual way: into the
// temporary file, then synced and moved into place.
func (t *Try) saveThroughPart(ctx context.Context) Outcome {
	if err := t.ownPart(); err != nil {
		return Outcome{Verdict: unjournaledVerdict(err)}
	}
	f, err := t.p.Disk.CreatePart(t.part, 0, true, t.tag)
	if err != nil {
		return t.openFailed(err)
	}
	if _, err := f.Write(t.mem.data); err != nil {
		f.Close()
		return Outcome{Verdict: saveFailed(fmt.Errorf("save %s: %w", t.part, err), t.j.Dir)}
	}
	return t.finishFile(ctx, f, t.part, t.format, t.hash, Outcome{Reached: int64(len(t.mem.data))})
}
