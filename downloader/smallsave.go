package downloader

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"haul/downloader/disk"
	"haul/downloader/names"
	"haul/downloader/sniff"
	"haul/downloader/transfer"
)

// Small files skip the named temporary file. A body of known length up to
// smallFileMax is received in memory, written into a file without a name
// (O_TMPFILE on Linux), synced, and only then given its final name with one
// link, which is synced too before the item is Done. A crash at any moment
// leaves either nothing or the whole file under its final name, and never a
// temporary file to clean up, so no journal line has to announce one. Where
// the system or the file system cannot make a file without a name, or the
// name was taken meanwhile, the bytes go through the usual part file.
// A body cut short is written to the part file as far as it came, so the
// next try resumes it like any other.

// errLeftSave says the item was paused, canceled or stopped while its
// file waited for the disk, before the file had its name.
var errLeftSave = errors.New("stopped before the file was saved")

// smallFileMax is the largest body received in memory before it is saved.
const smallFileMax = 256 << 10

// fitsInMemory says the body is saved by the small-file path: a new file
// from byte 0, of known length up to smallFileMax, not replacing anything.
func fitsInMemory(j job, claimed names.Kind, a transfer.Answer) bool {
	return a.Offset == 0 && !j.ownsPart && claimed == names.Free &&
		a.Total >= 0 && a.Total <= smallFileMax && j.limits.OnExists != Overwrite
}

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
func (t *try) saveInMemory(a transfer.Answer, name string, tag disk.Tag) transfer.Plan {
	t.mem = &memFile{data: make([]byte, 0, a.Total)}
	t.name, t.tag = name, tag
	t.hash = pictureHash(t.part, t.format, 0)
	return transfer.Plan{Hash: t.hash, File: t.mem}
}

// keepReceived writes the first bytes of a small body cut short to the
// part file, so the next try asks only for the rest; it returns how many
// bytes the part file holds.
func (t *try) keepReceived() int64 {
	m := t.m
	if len(t.mem.data) == 0 {
		return 0
	}
	if t.markPartOwned() != nil {
		return 0
	}
	f, err := m.disk.CreatePart(t.part, 0, true, t.tag)
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
// without a temporary name where the system allows, else through the part
// file. As for part files, a picture is compared with the ones already
// saved only once its bytes are on the disk: an item that leaves the wait
// for the disk has claimed no picture that others are skipped for.
func (t *try) finishSmall(ctx context.Context) outcome {
	m, it, j := t.m, t.it, t.j
	if t.format.IsImage && (t.format.Width == 0 || t.format.Height == 0) {
		t.noteDimensions(t.mem.data[:min(len(t.mem.data), sniff.MaxHead)])
	}
	same, err := t.linkSmall(ctx)
	switch {
	case same != nil:
		m.pictures.markSame(it, same)
		return outcome{skipped: true}
	case err == nil:
		return outcome{done: true, reached: int64(len(t.mem.data))}
	case errors.Is(err, errLeftSave):
		return outcome{}
	case errors.Is(err, disk.ErrNoUnnamed), errors.Is(err, fs.ErrExist):
		m.pictures.disown(it) // claimed again once the part file is on the disk
		return t.saveThroughPart(ctx)
	}
	return outcome{verdict: saveFailed(err, j.dir)}
}

// linkSmall writes the body into a file without a name in the item's
// folder, makes it durable, and links it under its name without replacing
// anything; the new folder entry is durable too when it returns no error.
// A picture identical to one already saved is not linked: its item is
// returned as same. It returns errLeftSave when the try ended while the
// file waited for the disk, an error wrapping disk.ErrNoUnnamed when the folder
// cannot hold a file without a name, and fs.ErrExist when the name was
// taken meanwhile.
func (t *try) linkSmall(ctx context.Context) (same *item, err error) {
	m, it, j := t.m, t.it, t.j
	if m.disk.Commits.Acquire(ctx, 1) != nil {
		return nil, errLeftSave
	}
	held := true
	defer func() {
		if held {
			m.disk.Commits.Release(1)
		}
	}()
	t.passSlotOn()
	f, err := m.disk.WriteUnnamed(j.dir, t.name, t.tag, t.mem.data)
	if err != nil {
		return nil, err
	}
	switch left, err := m.disk.Syncs.SyncOrLeave(ctx, f, m.disk.ReleaseCommit); {
	case left:
		held = false            // the file holds its place until it is closed
		return nil, errLeftSave // the file, still without a name, vanishes when closed
	case err != nil:
		f.Close()
		return nil, err
	}
	defer f.Close() // a file left without a name vanishes
	if t.hash != nil {
		if same := m.pictures.sameAs(it, hex.EncodeToString(t.hash.Sum(nil)), j.limits.KeepDuplicates); same != nil {
			return same, nil
		}
	}
	final := filepath.Join(j.dir, t.name)
	err = m.disk.LinkUnnamed(f, final)
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	it.path = final
	m.mu.Unlock()
	// Files without a name exist only on Linux, where the group sync
	// flushes the whole file system: the new entry in the folder too.
	return nil, m.disk.Syncs.Sync(f)
}

// saveThroughPart saves a body received in memory the usual way: into the
// part file, then synced and moved into place.
func (t *try) saveThroughPart(ctx context.Context) outcome {
	m, j := t.m, t.j
	if err := t.markPartOwned(); err != nil {
		return outcome{verdict: unjournaledVerdict(err)}
	}
	f, err := m.disk.CreatePart(t.part, 0, true, t.tag)
	if err != nil {
		return t.openFailed(err)
	}
	if _, err := f.Write(t.mem.data); err != nil {
		f.Close()
		return outcome{verdict: saveFailed(fmt.Errorf("save %s: %w", t.part, err), j.dir)}
	}
	return t.finishFile(ctx, f, t.part, t.format, t.hash, outcome{reached: int64(len(t.mem.data))})
}
