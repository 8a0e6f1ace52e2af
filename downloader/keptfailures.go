package downloader

// maxSharedFailures bounds the distinct failures items share copies of.
const maxSharedFailures = 4096

// sharedFailures is the part that keeps one copy of each failure items
// share: its map is guarded by the Manager's lock (Manager.mu), held by
// every caller.
type sharedFailures map[ItemError]*ItemError

// keep is the failure as an item keeps it: its kind and
// parameters without the underlying error, which holds on to the request's
// and the connection's details (40 MB for 100,000 links to a site that is
// down), and one copy for all the items that failed the same way. Items
// never change a failure they keep.
func (f sharedFailures) keep(e *ItemError) *ItemError {
	if e == nil {
		return nil
	}
	return f.share(*e)
}

// share is keep for a failure given by value:
// nothing is allocated when an item fails like one before it.
func (f sharedFailures) share(e ItemError) *ItemError {
	e.Err = nil
	if shared, ok := f[e]; ok {
		return shared
	}
	kept := &e
	if len(f) < maxSharedFailures {
		f[e] = kept
	}
	return kept
}
