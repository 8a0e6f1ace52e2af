package downloader

import (
	"iter"
	"slices"

	"haul/downloader/items"
	"haul/downloader/journal"
)

// SavedList is the list as the journal keeps it: it sets the journal
// the changes are written to, writes them (Flush), says when writing
// fails (SaveError), reads the list as records (Records), and brings back
// items saved earlier (Restore, RestoreFrom). It owns no lock: the
// journal is the journal part's, the items the list's.
type SavedList struct {
	list    *items.Store
	journal *journal.Writer
}

// SetJournal makes the manager persist every change through j: batched
// every quarter second, at once before a temporary file is created, and
// on Stop.
func (s *SavedList) SetJournal(j Journal) { s.journal.SetJournal(j) }

// Flush writes pending changes to the journal and waits for the disk.
func (s *SavedList) Flush() error { return s.journal.Flush(true) }

// SaveError is the last failure to write the journal, nil when saving works.
func (s *SavedList) SaveError() error { return s.journal.Failure() }

// Records returns every item as a Record, in list order.
func (s *SavedList) Records() []Record { return s.list.Records() }

// Restore brings back items saved earlier. Done items whose file is gone
// become Failed with a note; items that were under way are queued again and
// resume from their temporary files; leftover temporary files of canceled
// items are removed. Records whose URL is already queued are ignored. The
// folders are looked at with no lock held, so the list can be read
// meanwhile.
func (s *SavedList) Restore(recs []Record) []ID { return s.list.Restore(slices.Values(recs), AsSaved) }

// RestoreFrom is Restore for records read one at a time, as
// queue.Store.Each reads them, so that 100,000 of them are never held at
// once, brought back as how says.
func (s *SavedList) RestoreFrom(recs iter.Seq[Record], how Restoring) []ID {
	return s.list.Restore(recs, how)
}
