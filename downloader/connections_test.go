package downloader

import (
	"context"
	"testing"
	"time"

	"haul/downloader/downloadtest"
)

// TestSnapshotsCountTheConnectionsOfAFile: while a large file is fetched
// over several connections its snapshot says how many, and once saved it
// says none.
func TestSnapshotsCountTheConnectionsOfAFile(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(12<<20, 32)
	srv.Handle("/big.bin", body, downloadtest.Throttle(2<<20))
	o := testOptions(t.TempDir())
	o.ConnectionsPerFile = 4
	m := New(o)
	id := addAll(t, m, srv.URL("/big.bin"))[0]
	if err := m.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	defer m.Stop()
	most := 0
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(60 * time.Second)
	for s := mustItem(t, m, id); !s.State.Final(); s = mustItem(t, m, id) {
		if s.State != Active && s.Connections != 0 {
			t.Errorf("a %v item counts %d connections", s.State, s.Connections)
		}
		most = max(most, s.Connections)
		select {
		case <-tick.C:
		case <-deadline:
			t.Fatalf("the file was not saved: %+v", s)
		}
	}
	if s := mustItem(t, m, id); s.State != Done || s.Connections != 0 {
		t.Errorf("once saved: %v with %d connections", s.State, s.Connections)
	}
	if most < 2 || most > 4 {
		t.Errorf("at most %d connections counted, want 2 to 4", most)
	}
}
