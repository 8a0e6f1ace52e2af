package downloader

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"haul/downloader/disk"
	"haul/downloader/naming"
)

// commit moves the finished part file to its final name without replacing
// a file that appeared meanwhile (unless the policy is Overwrite).
func (t *try) commit(part string, policy ExistsPolicy) error {
	m, it := t.m, t.it
	m.mu.Lock()
	link, referer := it.raw, it.referer
	m.mu.Unlock()
	disk.MarkFromInternet(part, link, referer)
	for range 1000 {
		m.mu.Lock()
		name := it.name
		m.mu.Unlock()
		final := filepath.Join(it.dir, name)
		err := disk.CommitFile(part, final, policy == Overwrite)
		if err == nil {
			m.mu.Lock()
			it.path, it.ownsPart = final, false
			m.mu.Unlock()
			return nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return err
		}
		part = t.renameAfterClash(part)
	}
	return fmt.Errorf("save %s: no free name", it.name)
}

// renameAfterClash gives the item the next free numbered name and moves
// its part file along; it returns the part file's path. The folder is
// looked at and the file moved with no lock held: the name is held for
// the item meanwhile (folderNames), so no other item takes it.
func (t *try) renameAfterClash(part string) string {
	m, it := t.m, t.it
	m.mu.Lock()
	base := it.name
	m.mu.Unlock()
	m.names.Release(it.dir, base, it.id) // the name is another file's now
	for n := 2; n < 1000; n++ {
		name := naming.Numbered(base, n)
		if !m.names.Reserve(it.dir, name, 1, it.id).OK {
			continue
		}
		full := filepath.Join(it.dir, name)
		if disk.Exists(full) || disk.Exists(full+".part") || os.Rename(part, full+".part") != nil {
			m.names.Release(it.dir, name, it.id)
			continue
		}
		m.mu.Lock()
		it.name = name
		it.journalNow = true
		m.markDirtyLocked(it)
		m.mu.Unlock()
		return full + ".part"
	}
	return part
}
