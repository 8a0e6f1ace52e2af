package downloader

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"haul/downloader/naming"
)

// commit moves the finished part file to its final name without replacing
// a file that appeared meanwhile (unless the policy is Overwrite).
func (m *Manager) commit(it *item, part string, policy ExistsPolicy) error {
	for range 1000 {
		m.mu.Lock()
		name := it.name
		m.mu.Unlock()
		final := filepath.Join(it.dir, name)
		err := commitFile(part, final, policy == Overwrite)
		if err == nil {
			m.mu.Lock()
			it.path, it.ownsPart = final, false
			m.mu.Unlock()
			return nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return err
		}
		part = m.renameAfterClash(it, part)
	}
	return fmt.Errorf("save %s: no free name", it.name)
}

// renameAfterClash gives the item the next free numbered name and moves
// its part file along; it returns the part file's path.
func (m *Manager) renameAfterClash(it *item, part string) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	base := it.name
	delete(m.names, nameKey(it.dir, base))
	for n := 2; n < 1000; n++ {
		name := naming.Numbered(base, n)
		key := nameKey(it.dir, name)
		full := filepath.Join(it.dir, name)
		if _, taken := m.names[key]; taken || fileExists(full) || fileExists(full+".part") {
			continue
		}
		if err := os.Rename(part, full+".part"); err != nil {
			continue
		}
		m.names[key] = it.id
		it.name = name
		it.journalNow = true
		m.markDirtyLocked(it)
		return full + ".part"
	}
	return part
}
