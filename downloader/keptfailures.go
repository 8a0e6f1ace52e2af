package downloader

// maxSharedFailures bounds the distinct failures items share copies of.
const maxSharedFailures = 4096

// keptFailureLocked is the failure as an item keeps it: its kind and
// parameters without the underlying error, which holds on to the request's
// and the connection's details (40 MB for 100,000 links to a site that is
// down), and one copy for all the items that failed the same way. Items
// never change a failure they keep.
func (m *Manager) keptFailureLocked(e *ItemError) *ItemError {
	if e == nil {
		return nil
	}
	return m.sharedFailureLocked(*e)
}

// sharedFailureLocked is keptFailureLocked for a failure given by value:
// nothing is allocated when an item fails like one before it.
func (m *Manager) sharedFailureLocked(e ItemError) *ItemError {
	e.Err = nil
	if shared, ok := m.failures[e]; ok {
		return shared
	}
	kept := &e
	if len(m.failures) < maxSharedFailures {
		m.failures[e] = kept
	}
	return kept
}
