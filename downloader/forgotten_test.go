package downloader

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"haul/downloader/archive"
)

// TestAForgottenRowInTheListIsFetchedAgain: a row still in the list whose
// link was forgotten is fetched again by Retry or by adding its link
// again, instead of being refused as a duplicate of itself, even after a
// restart; a row not forgotten stays a duplicate.
func TestAForgottenRowInTheListIsFetchedAgain(t *testing.T) {
	srv := newServer(t)
	names := []string{"retried.png", "added.png", "deleted.png", "kept.png"}
	links := make([]string, len(names))
	for i, n := range names {
		srv.Handle("/"+n, pngOf(t, 8, 8, uint8(i+1)))
		links[i] = srv.URL("/" + n)
	}
	dir := t.TempDir()
	folders := archive.NewFolders(t.TempDir())
	t.Cleanup(func() { folders.Close() })
	for _, i := range []int{0, 1, 3} {
		folders.Remember(dir, links[i], "", "") // saved by an earlier run
	}
	o := testOptions(dir)
	o.Archive = folders
	m := New(o)
	ids := addAll(t, m, links...)
	runAll(t, m)
	os.Remove(filepath.Join(dir, "deleted.png"))
	if n, err := folders.Forget(dir, links[:3]...); n != 3 || err != nil {
		t.Fatalf("the archive forgot %d links, %v", n, err)
	}
	if n := m.Controls().Forgotten(ids[:3]...); n != 3 {
		t.Fatalf("%d rows noted as forgotten, want 3", n)
	}
	checkForgottenAfterRestart(t, m, dir, true, true, true, false)

	before := srv.Hits("/retried.png") + srv.Hits("/added.png") + srv.Hits("/deleted.png") + srv.Hits("/kept.png")
	if !m.Controls().Retry(ids[0]) || !m.Controls().Retry(ids[2]) {
		t.Error("Retry refused a forgotten row")
	}
	added, rejected := m.Add(links[1], links[3])
	if len(added) != 1 || added[0] != ids[1] || len(rejected) != 1 || !rejected[0].Duplicate {
		t.Errorf("adding a forgotten and a kept link again gave %v and %+v", added, rejected)
	}
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	m.Wait()
	m.Stop()
	after := srv.Hits("/retried.png") + srv.Hits("/added.png") + srv.Hits("/deleted.png") + srv.Hits("/kept.png")
	if after-before != 3 {
		t.Errorf("%d pictures fetched again, want the 3 forgotten", after-before)
	}
	checkFetchedAgain(t, m, dir, ids[:3], names[:3])
	if it := mustItem(t, m, ids[3]); it.State != Skipped || it.Note.Kind != NoteSavedBefore {
		t.Errorf("the row not forgotten is %v (%+v)", it.State, it.Note)
	}
}

// checkForgottenAfterRestart restores m's list in another manager and
// checks which of its rows are forgotten.
func checkForgottenAfterRestart(t *testing.T, m *Manager, dir string, want ...bool) {
	t.Helper()
	second := New(testOptions(dir))
	second.Saved().Restore(m.Saved().Records())
	items, _ := second.Snapshot()
	for i, it := range items {
		if it.Forgotten != want[i] {
			t.Errorf("after a restart %s is forgotten: %v", it.URL, it.Forgotten)
		}
	}
}

// checkFetchedAgain checks that the items ids were saved again, as names.
func checkFetchedAgain(t *testing.T, m *Manager, dir string, ids []ID, names []string) {
	t.Helper()
	for i, n := range names {
		it := mustItem(t, m, ids[i])
		if it.State != Done || it.Forgotten || fileSum(t, filepath.Join(dir, n)) != sum256(pngOf(t, 8, 8, uint8(i+1))) {
			t.Errorf("%s is %v (%+v) once fetched again", n, it.State, it.Note)
		}
	}
}
