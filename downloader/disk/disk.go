// Package disk writes Haul's files into the output folders: temporary
// files, created one at a time, and files without a name; the note each
// file carries (its link and version, see Tag); syncing in groups
// (GroupSync); moving a whole file into place without replacing another;
// and looking at what a name in a folder holds (Look). It owns createMu,
// which lets one name be made or removed at a time (parallel creates in
// one folder fight over its lock in the kernel), the semaphore that
// bounds the files being synced and moved into place at once, and the
// group sync's own mutex. It takes no lock of any other part and never
// imports the engine.
package disk

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"

	"haul/downloader/dirsync"
)

// Disk is the part that writes into the output folders. Its hooks
// (OpenPart, CreateUnnamed, RemoveFile, Lstat) are the system's, which
// tests replace before anything is written.
type Disk struct {
	// OpenPart opens temporary files (OpenPartOS).
	OpenPart OpenPartFunc
	// CreateUnnamed makes the files of the small-file path.
	CreateUnnamed CreateUnnamedFunc
	// RemoveFile is os.Remove; tests make it fail.
	RemoveFile func(path string) error
	// Lstat is os.Lstat, for the files claims and restoring look at;
	// tests count or slow it.
	Lstat func(path string) (fs.FileInfo, error)
	// Commits bounds the files being synced and moved into place at once.
	Commits *semaphore.Weighted
	// Syncs syncs files and folders in groups.
	Syncs GroupSync

	createMu sync.Mutex
	// made holds the folders made or found already, so that each file
	// saved costs no look at its folder (see MakeDir).
	made sync.Map
	// untagged says a file was saved without its note (Tag), where the
	// system or the file system keeps none: a later run cannot recognise
	// such a file as its link's, so every saved file is written to the
	// journal at once instead.
	untagged atomic.Bool
}

// New makes the disk part; syncs bounds the files synced at once, and
// askers says how many files may ask for a sync at once (see GroupSync).
func New(syncs int, askers func() int) *Disk {
	d := &Disk{OpenPart: OpenPartOS, CreateUnnamed: CreateUnnamedOS, RemoveFile: os.Remove, Lstat: os.Lstat,
		Commits: semaphore.NewWeighted(int64(syncs))}
	d.Syncs.askers = askers
	d.Syncs.name = d.LinkUnnamed
	return d
}

// Remove deletes a file, while no file is created.
func (d *Disk) Remove(path string) error {
	d.createMu.Lock()
	defer d.createMu.Unlock()
	return d.RemoveFile(path)
}

// MakeDir makes the folder dir with its parents, unless this run made or
// found it already.
func (d *Disk) MakeDir(dir string) error {
	if _, ok := d.made.Load(dir); ok {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	d.made.Store(dir, struct{}{})
	return nil
}

// inDir runs create, one create at a time, for a new file in dir (see
// againInDir).
func (d *Disk) inDir(dir string, create func() error) error {
	d.createMu.Lock()
	defer d.createMu.Unlock()
	return d.againInDir(dir, create)
}

// againInDir runs create for a new file in dir; when dir is gone (removed
// since MakeDir saw it), it makes dir again and runs create once more.
func (d *Disk) againInDir(dir string, create func() error) error {
	err := create()
	if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	d.made.Delete(dir)
	if os.MkdirAll(dir, 0o755) != nil {
		return err
	}
	d.made.Store(dir, struct{}{})
	return create()
}

// CreatePart opens the temporary file, one create at a time: a new one
// (offset 0) is tagged with its link and version, one resumed from offset
// must carry its tag already. A file of the same name that appeared
// meanwhile is an error wrapping fs.ErrExist.
func (d *Disk) CreatePart(part string, offset int64, exclusive bool, tag Tag) (PartFile, error) {
	var f PartFile
	err := d.inDir(filepath.Dir(part), func() (err error) {
		f, err = d.OpenPart(part, offset, exclusive)
		return err
	})
	if err == nil && !tagged(part, offset, tag) {
		d.untagged.Store(true)
	}
	return f, err
}

// ResponseTag is the tag of a file started from an answer with header h
// for link.
func ResponseTag(link string, h http.Header) Tag {
	return Tag{Link: link, ETag: h.Get("ETag"), Modified: h.Get("Last-Modified")}
}

// tagged tags a new part file, or checks that the one resumed from offset
// carries its tag; it says whether the file is tagged.
func tagged(part string, offset int64, tag Tag) bool {
	if offset == 0 {
		return TagPart(part, tag)
	}
	_, ok := ReadTag(part)
	return ok
}

// OpenSplitPart opens the temporary file of a file fetched in parts for
// writing at any offset: a new one (from byte 0), one cut at offset (a
// file written from its start whose rest is now fetched in parts), or,
// when resuming its parts, as it is. It is tagged with tag, which names no
// version.
func (d *Disk) OpenSplitPart(part string, offset int64, resuming, exclusive bool, tag Tag) (PartFile, error) {
	flags := os.O_WRONLY | os.O_CREATE | noFollow
	if exclusive {
		flags |= os.O_EXCL
	}
	size := offset
	if resuming {
		size = -1
	}
	d.createMu.Lock()
	f, err := openChecked(part, flags, size)
	d.createMu.Unlock()
	if err == nil && !TagPart(part, tag) {
		d.untagged.Store(true)
	}
	return f, err
}

// NoteUntagged notes that a file Haul saves carries no note.
func (d *Disk) NoteUntagged() { d.untagged.Store(true) }

// Untagged says a file was saved without its note: a later run could not
// tell it for its link's by the note alone.
func (d *Disk) Untagged() bool { return d.untagged.Load() }

// SyncFile makes a part file durable, in a group with others finishing at
// the same time when it is a real file. When ctx ends first it may leave
// (see GroupSync.SyncOrLeave): the file is then closed for the caller, and
// its place among the files being committed given back after.
func (d *Disk) SyncFile(ctx context.Context, f PartFile) (left bool, err error) {
	if osf, ok := f.(*os.File); ok {
		return d.Syncs.SyncOrLeave(ctx, osf, d.ReleaseCommit)
	}
	return false, f.Sync()
}

// ReleaseCommit gives back a place among the files being committed.
func (d *Disk) ReleaseCommit() { d.Commits.Release(1) }

// WriteUnnamed makes a file without a name in dir holding data, noted with
// tag so that a run after a crash knows the file for its link's. A file
// without a name takes no entry in the folder, so files are made several
// at a time, unlike part files and names, which wait for the folder's
// lock in the kernel.
func (d *Disk) WriteUnnamed(dir, name string, tag Tag, data []byte) (*os.File, error) {
	var f *os.File
	err := d.againInDir(dir, func() (err error) {
		f, err = d.CreateUnnamed(dir)
		return err
	})
	if err != nil {
		return nil, err
	}
	if !TagFile(f, tag) {
		d.untagged.Store(true)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil, fmt.Errorf("save %s: %w", name, err)
	}
	return f, nil
}

// LinkUnnamed gives a file made by WriteUnnamed the name final, never
// replacing a file of that name (fs.ErrExist), while no other name is
// made.
func (d *Disk) LinkUnnamed(f *os.File, final string) error {
	d.createMu.Lock()
	defer d.createMu.Unlock()
	return linkUnnamed(f, final)
}

// LinkUnnamedAndSync gives a file made by WriteUnnamed, whose bytes a
// flush made durable (SyncOrLeaveAgain), the name final (see LinkUnnamed)
// and returns once the name is durable too: linked says the file has its
// name, err why it has not or why the flush failed. The flush that
// carries the name gives its group's names itself, one after another,
// right before it starts: the files do not wake to take turns for the
// folder's lock.
func (d *Disk) LinkUnnamedAndSync(f *os.File, final string) (linked bool, err error) {
	if !CanSyncFS {
		if err := d.LinkUnnamed(f, final); err != nil {
			return false, err
		}
		return true, f.Sync()
	}
	return d.Syncs.nameAndSync(f, final)
}

// SyncDir is dirsync.Sync for the output folder, in a group with other files
// and folders being synced at the same time where the system allows.
func (d *Disk) SyncDir(dir string) error {
	if !CanSyncFS {
		return dirsync.Sync(dir)
	}
	folder, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync folder %s: %w", dir, err)
	}
	defer folder.Close()
	return d.Syncs.Sync(folder)
}

// FileAt is what a name in a folder holds: nothing (Info nil), or a file,
// with the note Haul left on it when it has one (Tagged).
type FileAt struct {
	Info   os.FileInfo
	Tag    Tag
	Tagged bool
}

// Look reads what path holds: its kind and size, read by Lstat, and its
// note when there is a file, each read once however many questions are
// asked of it.
func (d *Disk) Look(path string) FileAt {
	fi, err := d.Lstat(path)
	if err != nil {
		return FileAt{}
	}
	tag, tagged := ReadTag(path)
	return FileAt{Info: fi, Tag: tag, Tagged: tagged}
}

// Exists says something is under the name.
func (f FileAt) Exists() bool { return f.Info != nil }

// InTheWay says the name holds something that is neither a file nor a
// link to one (a folder, a device, a pipe): not a file already saved, nor
// one to write over, so an item takes the next free name.
func (f FileAt) InTheWay() bool {
	return f.Exists() && !f.Info.Mode().IsRegular() && f.Info.Mode()&os.ModeSymlink == 0
}

// Noted says the file carries the note of link, however it is spelled.
func (f FileAt) Noted(link string) bool { return f.Tagged && f.Tag.IsFor(link) }

// SavedFor says the file is a regular file with link's note: the mark of
// a file Haul saved whole for that link (only whole files get their final
// name).
func (f FileAt) SavedFor(link string) bool {
	return f.Exists() && f.Info.Mode().IsRegular() && f.Noted(link)
}

// ErrNoUnnamed says files without a name cannot be made in that folder.
var ErrNoUnnamed = errors.New("files without a name are not supported here")

// CreateUnnamedFunc makes a file without a name in a folder, or returns
// an error wrapping ErrNoUnnamed.
type CreateUnnamedFunc func(dir string) (*os.File, error)

// PartFile is what a download is written into: an *os.File, or a fake in
// tests.
type PartFile interface {
	Write(p []byte) (int, error)
	Sync() error
	Close() error
}

// OpenPartFunc opens the .part file; offset 0 truncates, otherwise appends.
// exclusive refuses to reuse a file this item does not own.
type OpenPartFunc func(path string, offset int64, exclusive bool) (PartFile, error)

// OpenPartOS never writes through a symbolic link, into anything but a
// regular file, or into a file with another name besides (a hard link, whose
// other name would then hold the download): such a path counts as taken
// (fs.ErrExist), and the item chooses another name. The file is checked
// once open and only then cut, so nothing is truncated before it is known
// to be Haul's own.
func OpenPartOS(path string, offset int64, exclusive bool) (PartFile, error) {
	flags := os.O_WRONLY | os.O_CREATE | noFollow
	switch {
	case exclusive:
		flags |= os.O_EXCL
	case offset > 0:
		flags |= os.O_APPEND
	}
	return openChecked(path, flags, offset)
}

// openChecked opens path with flags, checks that it is Haul's own (see
// OpenPartOS) and only then cuts it to size (-1: as it is).
func openChecked(path string, flags int, size int64) (PartFile, error) {
	if fi, err := os.Lstat(path); err == nil && !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("open %s: not a regular file: %w", path, fs.ErrExist)
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if isLink(err) {
		return nil, fmt.Errorf("open %s: a link, not Haul's file: %w", path, fs.ErrExist)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if err := refuseNotOwn(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	if size >= 0 {
		if err := f.Truncate(size); err != nil {
			f.Close()
			return nil, fmt.Errorf("resume %s: %w", path, err)
		}
	}
	return f, nil
}

// OpenOwnPart opens an existing part file for syncing and saving as it
// is, refusing one that is not Haul's own (see refuseNotOwn).
func OpenOwnPart(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|noFollow, 0)
	if isLink(err) {
		return nil, fmt.Errorf("open %s: a link, not Haul's file: %w", path, fs.ErrExist)
	}
	if err != nil {
		return nil, err
	}
	if err := refuseNotOwn(f); err != nil {
		f.Close()
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return f, nil
}

// refuseNotOwn says whether the open file f may be written as a part
// file: a regular file with no other name. Anything else is an error
// wrapping fs.ErrExist.
func refuseNotOwn(f *os.File) error {
	fi, err := f.Stat()
	switch {
	case err != nil || !fi.Mode().IsRegular():
		return fmt.Errorf("not a regular file: %w", fs.ErrExist)
	case otherNames(f, fi):
		return fmt.Errorf("a file with another name besides, not Haul's own: %w", fs.ErrExist)
	}
	return nil
}

// RemovePartName takes the temporary name off a file saved under its
// final name; tests make it fail.
var RemovePartName = os.Remove

// CommitFile moves a complete part file to its final name. Unless overwrite
// is set it never replaces an existing file: it hard-links (which fails when
// the name is taken) and falls back to a checked rename on file systems
// without links. It returns an error wrapping fs.ErrExist when the name is taken.
// Once linked, the file is saved: a temporary name that cannot be removed
// (on Windows, while another program reads the file) stays as a second
// name of the saved file, which the next start removes (see restoreSavedLocked).
func CommitFile(part, final string, overwrite bool) error {
	if overwrite {
		if err := os.Rename(part, final); err != nil {
			return fmt.Errorf("save %s: %w", final, err)
		}
		return nil
	}
	err := os.Link(part, final)
	switch {
	case err == nil:
		RemovePartName(part)
		return nil
	case errors.Is(err, fs.ErrExist):
		return fmt.Errorf("save %s: %w", final, fs.ErrExist)
	}
	if _, statErr := os.Lstat(final); statErr == nil {
		return fmt.Errorf("save %s: %w", final, fs.ErrExist)
	}
	if err := os.Rename(part, final); err != nil {
		return fmt.Errorf("save %s: %w", final, err)
	}
	return nil
}

func Exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// GroupSync makes finished files durable in groups: every file that asks
// while a sync is under way waits for the next one, which then covers them
// all. Where the system can sync a whole file system at once (syncfs on
// Linux) that is one call for many files instead of one fsync each.
//
// Flushes start at most every syncGap: a file that asks right after a
// flush began waits for the rest of the gap, so that a busy batch shares a
// few hundred flushes a second at most instead of one for every two or
// three files, while a lone file is flushed at once. 10,000 small files
// then cost a few hundred flushes, not 10,000. When every file that could
// still ask is already waiting, as at the end of a batch, nobody is left
// to share the next flush, so it starts at once.
//
// A file without a name asks twice: once for its bytes, and once more,
// right after that flush, for its name, which the next flush gives it
// before it starts (nameAndSync). A flush waits
// for the files it released to ask again (or to say they will not), up to
// the gap after its end, so that each flush carries a whole group's names
// and the next group's bytes: without that wait the next flush started as
// soon as the last ended, with only the few names given by then, and the
// others waited a whole flush more. On a disk busy with other programs'
// writes, where a flush takes 10 to 50 ms, that doubled the flushes and
// the time a file waits for them.
type GroupSync struct {
	mu        sync.Mutex
	waiting   []syncWaiter
	busy      bool
	lastStart time.Time // when the last flush began
	lastEnd   time.Time // when the last flush ended
	// returning counts the files released by the last flush that will
	// ask again (SyncAgain) and have not yet, nor said they will not
	// (NotAgain).
	returning int
	// Flush flushes the file system holding a file; nil means syncFS.
	Flush func(*os.File) error
	// askers counts the files that may ask for a sync while a flush waits
	// for its gap; nil means there may always be more.
	askers func() int
	// gap is the least time between the starts of two flushes; zero
	// means syncGap.
	gap time.Duration
	// returnGap is the longest a flush waits, after the last one ended,
	// for the files that last one released to ask again; zero means
	// syncGap.
	returnGap time.Duration
	// name gives a file its name before the flush that makes the name
	// durable (LinkUnnamed); nil means linkUnnamed.
	name func(f *os.File, final string) error
	// arrived wakes a flush waiting for its gap when a file asks.
	arrived chan struct{}
	// Asked, when set, is told each time a file asks (for tests).
	Asked func()
}

// syncGap is the least time between the starts of two flushes.
const syncGap = 5 * time.Millisecond

type syncWaiter struct {
	f    *os.File
	done chan error
	// again says the file asks once more right after this flush.
	again bool
	// final, when set, is the name the flush gives the file before it
	// starts; named is then told whether it did.
	final string
	named *bool
}

// Sync returns once f's data is on the disk.
func (g *GroupSync) Sync(f *os.File) error {
	if !CanSyncFS {
		return f.Sync()
	}
	return <-g.start(syncWaiter{f: f}, false)
}

// nameAndSync asks for f, which SyncOrLeaveAgain synced a moment ago, to
// be given the name final by the next flush, which then makes the name
// durable; named says the name was given.
func (g *GroupSync) nameAndSync(f *os.File, final string) (named bool, err error) {
	err = <-g.start(syncWaiter{f: f, final: final, named: &named}, true)
	return named, err
}

// NotAgain says a file that SyncOrLeaveAgain synced will not ask again:
// the next flush waits for it no longer.
func (g *GroupSync) NotAgain() {
	if !CanSyncFS {
		return
	}
	g.mu.Lock()
	g.returning = max(g.returning-1, 0)
	g.mu.Unlock()
	g.wake()
}

// SyncOrLeave is Sync for a file whose item may be paused, canceled or
// stopped meanwhile: when ctx ends before the flush that covers f is over,
// it returns at once with left true and ctx's cause; f is closed once that
// flush no longer needs it, and then closed runs. A slow disk then holds
// up no Stop, and no file gets its name after the user stopped the batch.
// Where each file is synced on its own, it waits as sync does: a file
// still open there may not be removable, as a canceled item's temporary
// file must be.
func (g *GroupSync) SyncOrLeave(ctx context.Context, f *os.File, closed func()) (left bool, err error) {
	return g.syncOrLeave(ctx, f, closed, false)
}

// SyncOrLeaveAgain is SyncOrLeave for a file that asks again right after,
// once it has its name: unless it left, the caller then calls SyncAgain
// or NotAgain.
func (g *GroupSync) SyncOrLeaveAgain(ctx context.Context, f *os.File, closed func()) (left bool, err error) {
	return g.syncOrLeave(ctx, f, closed, true)
}

func (g *GroupSync) syncOrLeave(ctx context.Context, f *os.File, closed func(), again bool) (left bool, err error) {
	if !CanSyncFS {
		return false, f.Sync()
	}
	if ctx.Err() != nil {
		f.Close()
		closed()
		return true, context.Cause(ctx)
	}
	done := g.start(syncWaiter{f: f, again: again}, false)
	select {
	case err := <-done:
		return false, err
	case <-ctx.Done():
		select {
		case err := <-done: // the flush is over already: keep the file
			return false, err
		default:
		}
		go func() {
			<-done
			if again {
				g.NotAgain()
			}
			f.Close()
			closed()
		}()
		return true, context.Cause(ctx)
	}
}

// start asks for w's file to be synced with the next group; the channel
// delivers the outcome. returned says the file is asking again, as the
// last flush said it would.
func (g *GroupSync) start(w syncWaiter, returned bool) <-chan error {
	w.done = make(chan error, 1)
	done := w.done
	g.mu.Lock()
	g.waiting = append(g.waiting, w)
	if returned {
		g.returning = max(g.returning-1, 0)
	}
	g.signalLocked()
	if !g.busy {
		g.busy = true
		go g.run()
	}
	asked := g.Asked
	g.mu.Unlock()
	if asked != nil {
		asked()
	}
	return done
}

// signalLocked wakes a flush waiting for more files; g.mu is held.
func (g *GroupSync) signalLocked() {
	if g.arrived == nil {
		g.arrived = make(chan struct{}, 1)
	}
	select {
	case g.arrived <- struct{}{}:
	default:
	}
}

// wake is signalLocked without g.mu held.
func (g *GroupSync) wake() {
	g.mu.Lock()
	g.signalLocked()
	g.mu.Unlock()
}

// run syncs group after group until nobody waits. Each group's files were
// all written before the sync started, so one flush covers them; the files
// stay open (their owners wait), so any of them can name the file system.
func (g *GroupSync) run() {
	for {
		g.waitForGap()
		g.mu.Lock()
		group := g.waiting
		g.waiting = nil
		if len(group) == 0 {
			g.busy = false
			g.returning = 0 // waited for as long as the gap allows
			g.mu.Unlock()
			return
		}
		g.lastStart = time.Now()
		g.mu.Unlock()
		g.flushGroup(group)
	}
}

// flushGroup flushes the file systems of one group's files and tells each
// file the outcome; the files that will ask again are counted first, so
// that the next flush waits for them.
func (g *GroupSync) flushGroup(group []syncWaiter) {
	group = g.nameAll(group)
	byFS := groupByFileSystem(group)
	flush := g.Flush
	if flush == nil {
		flush = syncFS
	}
	errs := make(map[uint64]error, len(byFS))
	for id, ws := range byFS {
		errs[id] = flush(ws[0].f)
	}
	again := 0
	for _, w := range group {
		if w.again {
			again++
		}
	}
	g.mu.Lock()
	g.returning = again
	g.lastEnd = time.Now()
	g.mu.Unlock()
	for id, ws := range byFS {
		for _, w := range ws {
			w.done <- errs[id]
		}
	}
}

// nameAll gives the files of a group that asked for a name their names,
// one after another, and returns the group without those that could not
// be named: each of them is told why at once.
func (g *GroupSync) nameAll(group []syncWaiter) []syncWaiter {
	name := g.name
	if name == nil {
		name = linkUnnamed
	}
	kept := group[:0]
	for _, w := range group {
		if w.final != "" {
			if err := name(w.f, w.final); err != nil {
				w.done <- err
				continue
			}
			*w.named = true
		}
		kept = append(kept, w)
	}
	return kept
}

// waitForGap waits until the next flush may start, looking again each
// time a file asks. One timer serves every look: a busy batch wakes the
// flusher once per file.
func (g *GroupSync) waitForGap() {
	var t *time.Timer
	for {
		wait := g.untilNextFlush()
		if wait <= 0 {
			return
		}
		if t == nil {
			t = time.NewTimer(wait)
			defer t.Stop()
		} else {
			t.Reset(wait)
		}
		select {
		case <-t.C:
			return
		case <-g.arrived:
		}
	}
}

// untilNextFlush says how long the next flush waits for more files to
// share it: the rest of the gap, or nothing when no other file can come;
// while files the last flush released are still to ask again, up to the
// gap after that flush's end.
func (g *GroupSync) untilNextFlush() time.Duration {
	gap, returnGap := cmp.Or(g.gap, syncGap), cmp.Or(g.returnGap, syncGap)
	g.mu.Lock()
	wait, waiting := time.Until(g.lastStart.Add(gap)), len(g.waiting)
	if g.returning > 0 {
		wait = max(wait, time.Until(g.lastEnd.Add(returnGap)))
	}
	g.mu.Unlock()
	if wait > 0 && g.askers != nil && waiting >= g.askers() {
		return 0
	}
	return wait
}

// groupByFileSystem sorts the waiters by the file system holding their
// files. Files opened under one name (the files without a name made in a
// folder are named after it, see CreateUnnamedOS) are on one file system,
// so it is asked once per name, not once per file.
func groupByFileSystem(group []syncWaiter) map[uint64][]syncWaiter {
	byFS := map[uint64][]syncWaiter{}
	byName := map[string]uint64{}
	for _, w := range group {
		id, ok := byName[w.f.Name()]
		if !ok {
			id = fileSystemOf(w.f)
			byName[w.f.Name()] = id
		}
		byFS[id] = append(byFS[id], w)
	}
	return byFS
}
