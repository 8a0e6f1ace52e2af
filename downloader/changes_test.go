package downloader

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"haul/downloader/downloadtest"
)

// mirror is what a reader of SnapshotSince keeps: every item by ID.
type mirror struct {
	rev   uint64
	items map[ID]ItemSnapshot
}

// pull applies one delta and returns it.
func (r *mirror) pull(m *Manager) Delta {
	d := m.SnapshotSince(r.rev)
	if d.Reset || r.items == nil {
		r.items = map[ID]ItemSnapshot{}
	}
	for _, id := range d.Removed {
		delete(r.items, id)
	}
	for _, s := range d.Items {
		r.items[s.ID] = s
	}
	r.rev = d.Rev
	return d
}

// sameAsSnapshot fails the test unless the mirror holds exactly what Snapshot shows.
func (r *mirror) sameAsSnapshot(t *testing.T, m *Manager) {
	t.Helper()
	all, _ := m.Snapshot()
	if len(all) != len(r.items) {
		t.Fatalf("mirror has %d items, the manager %d", len(r.items), len(all))
	}
	for _, s := range all {
		got := r.items[s.ID]
		got.Speed, s.Speed = 0, 0
		if got != s {
			t.Fatalf("item %d: mirror %+v, manager %+v", s.ID, got, s)
		}
	}
}

func ids(items []ItemSnapshot) []ID {
	out := make([]ID, len(items))
	for i, s := range items {
		out[i] = s.ID
	}
	return out
}

func TestSnapshotSinceReturnsOnlyChanges(t *testing.T) {
	srv := newServer(t)
	var urls []string
	for i := range 5 {
		p := fmt.Sprintf("/%d/pic.jpg", i)
		srv.Handle(p, downloadtest.Picture(3000+i, int64(i)))
		urls = append(urls, srv.URL(p))
	}
	m := New(testOptions(t.TempDir()))
	added := addAll(t, m, urls[:3]...)
	var r mirror
	if d := r.pull(m); !d.Reset || !slices.Equal(ids(d.Items), added) {
		t.Fatalf("first delta: reset %v, items %v", d.Reset, ids(d.Items))
	}
	if d := r.pull(m); d.Reset || len(d.Items) != 0 || len(d.Removed) != 0 {
		t.Fatalf("nothing changed, yet the delta has %v, removed %v", ids(d.Items), d.Removed)
	}
	m.Controls().Pause(added[1])
	more := addAll(t, m, urls[3:]...)
	if d := r.pull(m); !slices.Equal(ids(d.Items), []ID{added[1], more[0], more[1]}) || d.Summary.Paused != 1 {
		t.Fatalf("after a pause and two adds: items %v, summary %+v", ids(d.Items), d.Summary)
	}
	m.Controls().Resume(added[1])
	runAll(t, m)
	r.pull(m)
	r.sameAsSnapshot(t, m)
	if n := m.Controls().ClearFinished(); n != 5 {
		t.Fatalf("cleared %d", n)
	}
	d := r.pull(m)
	if slices.Sort(d.Removed); !slices.Equal(d.Removed, append(added, more...)) || len(d.Items) != 0 {
		t.Fatalf("after clearing: removed %v, items %v", d.Removed, ids(d.Items))
	}
	r.sameAsSnapshot(t, m)
}

func TestSnapshotSinceResetsAReaderTooFarBehind(t *testing.T) {
	m := New(testOptions(t.TempDir()))
	m.list.RemovalCap = 8
	var r mirror
	r.pull(m)
	for round := range 3 {
		urls := make([]string, m.list.RemovalCap/2+1)
		for i := range urls {
			urls[i] = fmt.Sprintf("http://127.0.0.1:1/%d/%d.jpg", round, i)
		}
		added := addAll(t, m, urls...)
		m.Controls().PauseAll()
		for _, id := range added {
			m.Controls().Cancel(id)
		}
		m.Controls().ClearFinished()
	}
	addAll(t, m, "http://127.0.0.1:1/last.jpg")
	if d := r.pull(m); !d.Reset || len(d.Items) != 1 {
		t.Fatalf("reset %v with %d items, want a reset with the one item left", d.Reset, len(d.Items))
	}
	r.sameAsSnapshot(t, m)
}

func TestSummaryTotalsFollowTheList(t *testing.T) {
	srv := newServer(t)
	dir := t.TempDir()
	want := int64(0)
	var urls []string
	for i := range 20 {
		p := fmt.Sprintf("/f%d.bin", i)
		srv.Handle(p, downloadtest.Data(1000*(i+1), int64(i)))
		urls = append(urls, srv.URL(p))
		want += int64(1000 * (i + 1))
	}
	if err := os.WriteFile(filepath.Join(dir, "f0.bin"), []byte("already here"), 0o644); err != nil {
		t.Fatal(err)
	}
	want -= 1000 // skipped: not counted
	m := New(testOptions(dir))
	addAll(t, m, urls...)
	s := runAll(t, m)
	if s.Bytes != want || s.Expected != want || s.Done != 19 || s.Skipped != 1 {
		t.Fatalf("summary %+v, want %d bytes of %d", s, want, want)
	}
	var bytes int64
	all, _ := m.Snapshot()
	for _, it := range all {
		if it.State == Done {
			bytes += it.Bytes
		}
	}
	if bytes != want {
		t.Fatalf("items add up to %d bytes, want %d", bytes, want)
	}
	m.Controls().ClearFinished()
	if s := m.Summary(); s.Bytes != 0 || s.Expected != 0 || s.Total != 0 {
		t.Fatalf("after clearing: %+v", s)
	}
}

func TestClearFinishedForgetsSitesAndPictures(t *testing.T) {
	srv := newServer(t)
	png := pngOf(t, 8, 8, 1)
	srv.Handle("/a.png", png)
	srv.Handle("/b.png", png)
	m := New(testOptions(t.TempDir()))
	addAll(t, m, srv.URL("/a.png"), srv.URL("/b.png"), "http://127.0.0.1:1/never.jpg")
	m.Controls().Pause(3)
	runAll(t, m)
	if pictures, lines := m.list.Kept(); pictures != 1 || lines != 2 || m.sites.Count() != 1 {
		t.Fatalf("before clearing: %d pictures, %d sites (%d lines)", pictures, m.sites.Count(), lines)
	}
	m.Controls().ClearFinished()
	if pictures, lines := m.list.Kept(); pictures != 0 || lines != 1 || m.sites.Count() != 0 || m.names.Count() != 0 {
		t.Fatalf("after clearing: %d pictures, %d sites (%d lines), %d names", pictures, m.sites.Count(), lines, m.names.Count())
	}
}

// TestManySameNames saves many links that share a file name under
// numbered names, around ones already in the folder.
func TestManySameNames(t *testing.T) {
	srv := newServer(t)
	dir := t.TempDir()
	for _, name := range []string{"original (3).jpg", "original (4).jpg.part"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte("the user's"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const n = 40
	var urls []string
	bodies := map[int][]byte{}
	for i := range n {
		p := fmt.Sprintf("/%d/original.jpg", i)
		bodies[i] = downloadtest.Picture(700+i, int64(i))
		srv.Handle(p, bodies[i])
		urls = append(urls, srv.URL(p))
	}
	o := testOptions(dir)
	o.OnExists = KeepBoth
	m := New(o)
	added := addAll(t, m, urls...)
	if s := runAll(t, m); s.Done != n {
		t.Fatalf("summary %+v", s)
	}
	names := map[string]bool{}
	for i, id := range added {
		it := mustItem(t, m, id)
		if names[it.Name] || it.Name == "original (3).jpg" || it.Name == "original (4).jpg" {
			t.Fatalf("item %d saved as %q, a name already used", i, it.Name)
		}
		names[it.Name] = true
		if fileSum(t, filepath.Join(dir, it.Name)) != sum256(bodies[i]) {
			t.Fatalf("%s does not hold link %d", it.Name, i)
		}
	}
	for k := 1; k <= n+2; k++ {
		name := "original.jpg"
		if k > 1 {
			name = fmt.Sprintf("original (%d).jpg", k)
		}
		if !names[name] && k != 3 && k != 4 {
			t.Errorf("%s was left out: names should run without gaps", name)
		}
	}
}
