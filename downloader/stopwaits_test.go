package downloader

import (
	"context"
	"net/http"
	"testing"
	"testing/synctest"
)

// heldArchive is an archive whose first question is answered only when
// the test lets it: a try stays inside it until then.
type heldArchive struct {
	entered, release chan struct{}
}

func (a *heldArchive) HasLink(string, string) (bool, error) {
	a.entered <- struct{}{}
	<-a.release
	return false, nil
}
func (a *heldArchive) HasPicture(string, string) (bool, error) { return false, nil }
func (a *heldArchive) Remember(string, string, string, string) error {
	return nil
}

// TestStopWaitsForTheTriesOfARunAlreadyStopping ends a run's context while
// a try is still inside the archive, then calls Stop, as a window that
// quits does: Stop returns only once that try has ended, so the window
// can close the archive and the folders behind it.
func TestStopWaitsForTheTriesOfARunAlreadyStopping(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		arc := &heldArchive{entered: make(chan struct{}), release: make(chan struct{})}
		opts := testOptions(t.TempDir())
		opts.Client = &http.Client{Transport: &idleCounter{}}
		opts.Archive = arc
		m := New(opts)
		if ids, rej := m.Intake().Add("http://127.0.0.1:1/a.png"); len(ids) != 1 || len(rej) != 0 {
			t.Fatalf("added %d links, %d rejected; want 1 added", len(ids), len(rej))
		}
		ctx, cancel := context.WithCancel(context.Background())
		if err := m.Start(ctx); err != nil {
			t.Fatal(err)
		}
		<-arc.entered
		cancel() // the run's own stop now waits for the try
		synctest.Wait()
		stopped := make(chan struct{})
		go func() {
			m.Stop()
			close(stopped)
		}()
		synctest.Wait()
		select {
		case <-stopped:
			t.Error("Stop returned while a try of the run it stopped was still under way")
		default:
		}
		close(arc.release)
		<-stopped
	})
}
