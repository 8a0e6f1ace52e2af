package downloader

import (
	"context"
	"testing"

	"haul/downloader/downloadtest"
)

// TestTheScheduleResumesOnlyWhatItPaused: the schedule's hold pauses the
// unfinished items and its release resumes those, never one the user
// paused, before the hold or during it; a held item saved and restored
// is still the schedule's to resume.
func TestTheScheduleResumesOnlyWhatItPaused(t *testing.T) {
	srv := newServer(t)
	dir := t.TempDir()
	m := New(testOptions(dir))
	ids := addAll(t, m, srv.URL("/mine.bin"), srv.URL("/held.bin"), srv.URL("/paused-during.bin"), srv.URL("/saved.bin"))
	c := m.Controls()
	c.Pause(ids[0])
	if n := c.HoldAll(); n != 3 {
		t.Fatalf("the hold paused %d items, want the 3 the user did not", n)
	}
	c.Pause(ids[2]) // by hand, while held: the user's now
	second := New(testOptions(dir))
	restored := second.Saved().Restore(m.Saved().Records()[3:])
	want := []struct {
		name  string
		m     *Manager
		id    ID
		state State
	}{
		{"paused by the user", m, ids[0], Paused},
		{"held", m, ids[1], Queued},
		{"paused by the user while held", m, ids[2], Paused},
		{"held, restored", second, restored[0], Queued},
	}
	if n := c.ReleaseHeld(); n != 2 {
		t.Errorf("the release resumed %d items, want 2", n)
	}
	if n := second.Controls().ReleaseHeld(); n != 1 {
		t.Errorf("the release after a restart resumed %d items, want 1", n)
	}
	for _, w := range want {
		if got := stateOf(w.m, w.id); got != w.state {
			t.Errorf("%s: %v after the release, want %v", w.name, got, w.state)
		}
	}
	if n := c.ReleaseHeld(); n != 0 {
		t.Errorf("a second release resumed %d items", n)
	}
}

// TestReceivedCountsWhatTheSitesSent: the bytes received stay counted
// when the list is cleared, unlike the bytes on disk, and a file fetched
// again counts again.
func TestReceivedCountsWhatTheSitesSent(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(150<<10, 3)
	srv.Handle("/a.bin", body)
	m := New(testOptions(t.TempDir()))
	addAll(t, m, srv.URL("/a.bin"))
	runAll(t, m)
	m.Controls().ClearFinished()
	m.SetDir(t.TempDir())
	addAll(t, m, srv.URL("/a.bin"))
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	m.Stop()
	s := m.Summary()
	if want := int64(2 * len(body)); s.Received != want || s.Bytes != int64(len(body)) {
		t.Errorf("received %d with %d on disk, want %d received and %d on disk", s.Received, s.Bytes, want, len(body))
	}
}
