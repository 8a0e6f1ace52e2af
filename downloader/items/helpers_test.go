package items

import (
	"fmt"
	"os"
	"testing"
	"time"

	"haul/downloader/disk"
	"haul/downloader/throttle"
)

// TestMain fails the package's tests when the state table refused a move
// of an item that no test asked for on purpose.
func TestMain(m *testing.M) {
	code := m.Run()
	if n := RefusedMoves(); n != 0 && code == 0 {
		fmt.Fprintf(os.Stderr, "the state table refused %d moves of items\n", n)
		code = 1
	}
	os.Exit(code)
}

// newTestStore is a list saving into dir, with parts that take every
// name and start every request, and a journal that writes nothing.
func newTestStore(dir string) *Store {
	s := New(Config{Dir: dir, MaxLinks: 1000, Placement: func() Placement { return Placement{} }, Now: time.Now,
		Names: noNames{}, Sites: openSites{}, Disk: disk.New(4, nil), Wake: make(chan struct{}, 1)})
	s.SetJournal(noJournal{})
	return s
}

type noNames struct{}

func (noNames) Hold(string, string, ID)    {}
func (noNames) Release(string, string, ID) {}
func (noNames) Renumber()                  {}
func (noNames) BatchOver()                 {}

type openSites struct{}

func (openSites) TryStart(string) (throttle.Ticket, bool, time.Time) { return 0, true, time.Time{} }
func (openSites) Retried(string)                                     {}
func (openSites) Forget(map[string]bool)                             {}
func (openSites) Slowed(string, time.Time) (throttle.Status, bool) {
	return throttle.Status{}, false
}
func (openSites) Statuses(time.Time) []throttle.Status { return nil }

type noJournal struct{}

func (noJournal) Changed(*Item) {}
func (noJournal) Gone(string)   {}
