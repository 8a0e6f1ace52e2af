package downloader

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

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

// errNoUnnamed says files without a name cannot be made in that folder.
var errNoUnnamed = errors.New("files without a name are not supported here")

// createUnnamedFunc makes a file without a name in a folder, or returns an
// error wrapping errNoUnnamed.
type createUnnamedFunc func(dir string) (*os.File, error)

// fitsInMemory says the body is saved by the small-file path: a new file
// from byte 0, of known length up to smallFileMax, not replacing anything.
func fitsInMemory(j job, claimed claimKind, a transfer.Answer) bool {
	return a.Offset == 0 && !j.ownsPart && claimed == claimFree &&
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
func (p *tryPlan) saveInMemory(a transfer.Answer, name string, tag partTag) transfer.Plan {
	p.mem = &memFile{data: make([]byte, 0, a.Total)}
	p.name, p.tag = name, tag
	p.hash = pictureHash(p.part, p.format, 0)
	return transfer.Plan{Hash: p.hash, File: p.mem}
}

// keepReceived writes the first bytes of a small body cut short to the
// part file, so the next try asks only for the rest; it returns how many
// bytes the part file holds.
func (m *Manager) keepReceived(it *item, p *tryPlan) int64 {
	if len(p.mem.data) == 0 {
		return 0
	}
	if m.markPartOwned(it) != nil {
		return 0
	}
	f, err := m.createPart(p.part, 0, true, p.tag)
	if err != nil {
		return 0
	}
	n, err := f.Write(p.mem.data)
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
func (m *Manager) finishSmall(ctx context.Context, it *item, j job, p *tryPlan) outcome {
	if p.format.IsImage && (p.format.Width == 0 || p.format.Height == 0) {
		m.noteDimensions(it, p.mem.data[:min(len(p.mem.data), sniff.MaxHead)])
	}
	same, err := m.linkSmall(ctx, it, j, p)
	switch {
	case same != nil:
		m.markSameAs(it, same)
		return outcome{skipped: true}
	case err == nil:
		return outcome{done: true, reached: int64(len(p.mem.data))}
	case errors.Is(err, errLeftSave):
		return outcome{}
	case errors.Is(err, errNoUnnamed), errors.Is(err, fs.ErrExist):
		m.disownPicture(it) // claimed again once the part file is on the disk
		return m.saveThroughPart(ctx, it, j, p)
	}
	return outcome{verdict: saveFailed(err, j.dir)}
}

// linkSmall writes the body into a file without a name in the item's
// folder, makes it durable, and links it under its name without replacing
// anything; the new folder entry is durable too when it returns no error.
// A picture identical to one already saved is not linked: its item is
// returned as same. It returns errLeftSave when the try ended while the
// file waited for the disk, an error wrapping errNoUnnamed when the folder
// cannot hold a file without a name, and fs.ErrExist when the name was
// taken meanwhile.
func (m *Manager) linkSmall(ctx context.Context, it *item, j job, p *tryPlan) (same *item, err error) {
	if m.commitSem.Acquire(ctx, 1) != nil {
		return nil, errLeftSave
	}
	held := true
	defer func() {
		if held {
			m.commitSem.Release(1)
		}
	}()
	m.passSlotOn(it)
	f, err := m.writeUnnamed(j.dir, p.name, p.tag, p.mem.data)
	if err != nil {
		return nil, err
	}
	switch left, err := m.syncer.syncOrLeave(ctx, f, m.releaseCommit); {
	case left:
		held = false            // the file holds its place until it is closed
		return nil, errLeftSave // the file, still without a name, vanishes when closed
	case err != nil:
		f.Close()
		return nil, err
	}
	defer f.Close() // a file left without a name vanishes
	if p.hash != nil {
		if same := m.sameAs(it, hex.EncodeToString(p.hash.Sum(nil)), j.limits.KeepDuplicates); same != nil {
			return same, nil
		}
	}
	final := filepath.Join(j.dir, p.name)
	m.createMu.Lock()
	err = linkUnnamed(f, final)
	m.createMu.Unlock()
	if err != nil {
		return nil, err
	}
	m.mu.Lock()
	it.path = final
	m.mu.Unlock()
	// Files without a name exist only on Linux, where the group sync
	// flushes the whole file system: the new entry in the folder too.
	return nil, m.syncer.sync(f)
}

// writeUnnamed makes a file without a name in dir holding data, noted with
// tag so that a run after a crash knows the file for this link's. Files are
// made one at a time, like part files; their bytes are written in parallel,
// so that a write held up by a busy disk holds up no other file's making.
func (m *Manager) writeUnnamed(dir, name string, tag partTag, data []byte) (*os.File, error) {
	m.createMu.Lock()
	f, err := m.createUnnamed(dir)
	m.createMu.Unlock()
	if err != nil {
		return nil, err
	}
	if !tagFile(f, tag) {
		m.untagged.Store(true)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil, fmt.Errorf("save %s: %w", name, err)
	}
	return f, nil
}

// saveThroughPart saves a body received in memory the usual way: into the
// part file, then synced and moved into place.
func (m *Manager) saveThroughPart(ctx context.Context, it *item, j job, p *tryPlan) outcome {
	if err := m.markPartOwned(it); err != nil {
		return outcome{verdict: unjournaledVerdict(err)}
	}
	f, err := m.createPart(p.part, 0, true, p.tag)
	if err != nil {
		return m.openFailed(it, j, err)
	}
	if _, err := f.Write(p.mem.data); err != nil {
		f.Close()
		return outcome{verdict: saveFailed(fmt.Errorf("save %s: %w", p.part, err), j.dir)}
	}
	return m.finishFile(ctx, it, j, f, p.part, p.format, p.hash, outcome{reached: int64(len(p.mem.data))})
}
