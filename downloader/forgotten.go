package downloader

// Forgotten notes that the links of items were taken out of the download
// archive: each of them that is saved or skipped (Done or Skipped) may be
// fetched again, by Retry or by adding its link again, which otherwise
// would be refused as a duplicate of the item itself. It returns how many
// it noted.
func (c *Controls) Forgotten(ids ...ID) int {
	m := c.m
	m.mu.Lock()
	defer m.mu.Unlock()
	n := 0
	for _, id := range ids {
		it := m.store.byID[id]
		if it == nil || (it.state != Done && it.state != Skipped) || it.forgotten {
			continue
		}
		it.forgotten = true
		m.markDirtyLocked(it)
		n++
	}
	if n > 0 {
		m.notifyLocked()
	}
	return n
}

// fetchAgain makes a forgotten item a new download of its link, into the
// folder it was saved in: it lets go of its file's name and picture, and
// what it knew of the file, before it is queued. The file it saved stays
// on disk, and the folder's rule for a file already there applies to it.
// Manager.mu is held.
func (c *Controls) fetchAgain(it *item) {
	m := c.m
	if it.name != "" {
		m.names.Release(it.dir, it.name, it.id)
	}
	m.pictures.forget(it)
	it.forgotten = false
	it.name, it.path, it.note, it.hash, it.mime = "", "", nil, "", ""
	it.etag, it.modified, it.reached, it.holes = "", "", 0, nil
	it.isImage, it.width, it.height, it.status = false, 0, 0, 0
	it.bytes.Store(0)
	it.total.Store(-1)
}
