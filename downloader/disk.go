package downloader

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/semaphore"

	"haul/downloader/dirsync"
)

// disk is the part that writes into the output folders: it creates
// temporary files and files without a name one at a time, bounds the files
// being synced and moved into place at once, and syncs files and folders
// in groups (groupSync). It owns createMu (one file created at a time:
// parallel creates in one folder fight over its lock in the kernel),
// taken without Manager.mu and never while waiting for the disk; the
// group sync has its own mutex. It never takes the Manager's lock.
type disk struct {
	openPart openPartFunc
	// createUnnamed makes the files of the small-file path (smallsave.go).
	createUnnamed createUnnamedFunc
	createMu      sync.Mutex
	removeFile    func(path string) error                // os.Remove; tests make it fail
	lstat         func(path string) (fs.FileInfo, error) // os.Lstat, for the files claims and restoring look at; tests count or slow it
	commitSem     *semaphore.Weighted                    // bounds files being synced and moved into place at once
	syncer        groupSync
	// made holds the folders made or found already, so that each file
	// saved costs no look at its folder (see makeDir).
	made sync.Map
	// untagged says a file was saved without its note (partTag), where the
	// system or the file system keeps none: a later run cannot recognise
	// such a file as this link's, so every saved file is written to the
	// journal at once instead.
	untagged atomic.Bool
}

// newDisk makes the disk part; syncs bounds the files synced at once, and
// askers says how many items may ask for a sync at once (see groupSync).
func newDisk(syncs int, askers func() int) *disk {
	d := &disk{openPart: openPartOS, createUnnamed: createUnnamedOS, removeFile: os.Remove, lstat: os.Lstat, commitSem: semaphore.NewWeighted(int64(syncs))}
	d.syncer.askers = askers
	return d
}

// remove deletes a file, while no file is created.
func (d *disk) remove(path string) error {
	d.createMu.Lock()
	defer d.createMu.Unlock()
	return d.removeFile(path)
}

// makeDir makes the folder dir with its parents, unless this run made or
// found it already.
func (d *disk) makeDir(dir string) error {
	if _, ok := d.made.Load(dir); ok {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	d.made.Store(dir, struct{}{})
	return nil
}

// inDir runs create, one create at a time, for a new file in dir; when dir
// is gone (removed since makeDir saw it), it makes dir again and runs
// create once more.
func (d *disk) inDir(dir string, create func() error) error {
	d.createMu.Lock()
	defer d.createMu.Unlock()
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

// createPart opens the part file, one create at a time, and tags a new one
// with its link and version. A file of the same name that appeared
// meanwhile is an error wrapping fs.ErrExist.
func (d *disk) createPart(part string, offset int64, exclusive bool, tag partTag) (partFile, error) {
	var f partFile
	err := d.inDir(filepath.Dir(part), func() (err error) {
		f, err = d.openPart(part, offset, exclusive)
		return err
	})
	if err == nil && !tagged(part, offset, tag) {
		d.untagged.Store(true)
	}
	return f, err
}

// syncFile makes a part file durable, in a group with others finishing at
// the same time when it is a real file. When ctx ends first it may leave
// (see groupSync.syncOrLeave): the file is then closed for the caller, and
// its place among the files being committed given back after.
func (d *disk) syncFile(ctx context.Context, f partFile) (left bool, err error) {
	if osf, ok := f.(*os.File); ok {
		return d.syncer.syncOrLeave(ctx, osf, d.releaseCommit)
	}
	return false, f.Sync()
}

// releaseCommit gives back a place among the files being committed
// (commitSem).
func (d *disk) releaseCommit() { d.commitSem.Release(1) }

// writeUnnamed makes a file without a name in dir holding data, noted with
// tag so that a run after a crash knows the file for this link's. Files are
// made one at a time, like part files; their bytes are written in parallel,
// so that a write held up by a busy disk holds up no other file's making.
func (d *disk) writeUnnamed(dir, name string, tag partTag, data []byte) (*os.File, error) {
	var f *os.File
	err := d.inDir(dir, func() (err error) {
		f, err = d.createUnnamed(dir)
		return err
	})
	if err != nil {
		return nil, err
	}
	if !tagFile(f, tag) {
		d.untagged.Store(true)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return nil, fmt.Errorf("save %s: %w", name, err)
	}
	return f, nil
}

// syncDir is dirsync.Sync for the output folder, in a group with other files
// and folders being synced at the same time where the system allows.
func (d *disk) syncDir(dir string) error {
	if !canSyncFS {
		return dirsync.Sync(dir)
	}
	folder, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("sync folder %s: %w", dir, err)
	}
	defer folder.Close()
	return d.syncer.sync(folder)
}
