package gui

import (
	"testing"
	"time"

	"haul/downloader"
)

// TestCompactRowsShowWhatFullSnapshotsShow checks that a row drawn from the
// model says exactly what it would say drawn from the engine's full
// snapshot, in every state.
func TestCompactRowsShowWhatFullSnapshotsShow(t *testing.T) {
	now := time.Now()
	failed := &downloader.ItemError{Kind: downloader.ErrHTTP, Reason: downloader.ReasonHTTP, Status: 404}
	snaps := []downloader.ItemSnapshot{
		{ID: 1, URL: "https://example.com/a.jpg", State: downloader.Queued, Total: -1},
		{ID: 2, URL: "https://example.com/b.jpg", State: downloader.Queued, Bytes: 500, Total: 1000, Failures: 2, Attempts: 2},
		{ID: 3, URL: "https://example.com/c.jpg", Name: "c.jpg", State: downloader.Active, Bytes: 300, Total: 1000, Speed: 2048, Idle: 6 * time.Second, Attempts: 1, Started: now},
		{ID: 4, URL: "https://example.com/d.jpg", State: downloader.Waiting, Err: failed, RetryAt: now.Add(7 * time.Second), SlowedDown: true, Attempts: 1, Failures: 1},
		{ID: 5, URL: "https://example.com/e.jpg", Name: "e.jpg", State: downloader.Paused, Bytes: 10, Total: 20},
		{ID: 6, URL: "https://example.com/f.jpg", Name: "f.jpg", Path: "/out/f.jpg", State: downloader.Done, Bytes: 2000, Total: 2000, Attempts: 1, MIME: "image/jpeg", Width: 64, Height: 48, Finished: now},
		{ID: 7, URL: "https://example.com/g.jpg", State: downloader.Failed, Err: failed, Attempts: 3, Failures: 3, Status: 404},
		{ID: 8, URL: "https://example.com/h.jpg", Name: "h.jpg", Path: "/out/h.jpg", State: downloader.Skipped, Note: downloader.Note{Kind: downloader.NoteInFolder, Name: "h.jpg"}},
		{ID: 9, URL: "https://example.com/i.jpg", State: downloader.Canceled, Bytes: 5, Total: 10},
		{ID: 10, URL: "https://example.com/j.jpg", State: downloader.Failed, Err: failed, Attempts: 1, Place: "Sheet2!B7", Given: "kitten", Rank: -2},
	}
	var model rowModel
	if !model.apply(update{reset: true, changes: compact(snaps)}) || model.len() != len(snaps) {
		t.Fatalf("reset: %d rows, want %d", model.len(), len(snaps))
	}
	for _, running := range []bool{false, true} {
		c := viewContext{now: now, running: running, idleTimeout: time.Minute}
		for i, s := range snaps {
			if got, want := newRowView(model.at(i), c), newRowView(s, c); got != want {
				t.Errorf("%v row (running %v):\n got %+v\nwant %+v", s.State, running, got, want)
			}
			if model.id(i) != s.ID {
				t.Errorf("row %d is item %d, want %d", i, model.id(i), s.ID)
			}
		}
	}
	if len(model.live) != 2 {
		t.Errorf("%d full snapshots kept, want 2 (the active and the waiting item)", len(model.live))
	}
}

// TestRowModelLetsFullSnapshotsGo checks that an item's full snapshot is
// dropped once it is no longer downloading, and when its row is removed.
func TestRowModelLetsFullSnapshotsGo(t *testing.T) {
	var model rowModel
	active := downloader.ItemSnapshot{ID: 1, URL: "https://example.com/a.jpg", State: downloader.Active, Speed: 100}
	waiting := downloader.ItemSnapshot{ID: 2, URL: "https://example.com/b.jpg", State: downloader.Waiting}
	model.apply(update{reset: true, changes: compact([]downloader.ItemSnapshot{active, waiting})})
	done := active
	done.State, done.Speed, done.Path = downloader.Done, 0, "/out/a.jpg"
	if model.apply(update{changes: compact([]downloader.ItemSnapshot{done})}) {
		t.Error("a changed row was reported as a new one")
	}
	if _, ok := model.live[1]; ok || model.at(0) != done {
		t.Errorf("the saved item: full snapshot kept %v, row %+v", ok, model.at(0))
	}
	if !model.apply(update{removed: []downloader.ID{2}}) || model.len() != 1 || len(model.live) != 0 {
		t.Errorf("removing the waiting item: %d rows, %d full snapshots", model.len(), len(model.live))
	}
}
