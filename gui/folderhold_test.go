package gui

import (
	"errors"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
	"haul/downloader/queue"
)

// TestWindowHoldsItsFolder: the window holds its output folder with the
// lock haul get takes, so haul get is told the window has it; a folder
// haul get holds is refused when chosen, and Start into it downloads
// nothing and says haul get is saving there.
func TestWindowHoldsItsFolder(t *testing.T) {
	h := newHarness(t, nil)
	held, err := queue.HoldFolder(h.dir, queue.HolderGet)
	var inUse *queue.InUseError
	if err == nil {
		held.Close()
	}
	if !errors.As(err, &inUse) || inUse.Holder != queue.HolderWindow {
		t.Fatalf("haul get into the window's folder: %v, want it held by the window", err)
	}

	elsewhere := t.TempDir()
	byGet, err := queue.HoldFolder(elsewhere, queue.HolderGet)
	if err != nil {
		t.Fatal(err)
	}
	defer byGet.Close()
	h.ui.settings.setFolder(elsewhere)
	s := h.ui.settings
	if h.ui.m.Dir() != h.dir || s.problem.trouble != folderInUse || !strings.HasPrefix(s.problem.message(), "haul get is downloading into "+elsewhere) {
		t.Errorf("a folder haul get holds was taken: dir %q, problem %+v %q", h.ui.m.Dir(), s.problem, s.problem.message())
	}

	h.ui.holds.releaseAll()
	byGetToo, err := queue.HoldFolder(h.dir, queue.HolderGet)
	if err != nil {
		t.Fatal(err)
	}
	defer byGetToo.Close()
	links := h.serve([]string{"a.bin"}, func(string) []byte { return downloadtest.Data(1000, 1) })
	h.paste(links[0])
	h.waitRows(1)
	h.ui.batch.Start()
	h.waitCommands()
	h.pump("the folder explained", func() bool { return s.problem.dir == h.dir })
	if s.problem.trouble != folderInUse || !strings.HasPrefix(s.problem.message(), "haul get is downloading into "+h.dir) {
		t.Errorf("Start into haul get's folder: %+v %q", s.problem, s.problem.message())
	}
	if hits := h.srv.Hits("/a.bin"); hits != 0 || h.ui.m.Summary().Running {
		t.Errorf("Start into haul get's folder downloaded: %d requests", hits)
	}
}
