package gui

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// fakeComputer gives the chooser two drives and a pictures folder, each
// a temporary folder, for the duration of the test.
func fakeComputer(t *testing.T) (c, d, pictures string) {
	t.Helper()
	c, d, pictures = t.TempDir(), t.TempDir(), t.TempDir()
	if err := os.Mkdir(filepath.Join(d, "Photos"), 0o755); err != nil {
		t.Fatal(err)
	}
	drives, places := listDrives, knownPlaces
	t.Cleanup(func() { listDrives, knownPlaces = drives, places })
	listDrives = func() []chooserEntry {
		return []chooserEntry{
			{name: driveName("", localDrive, "C:"), path: c, dir: true},
			{name: driveName("Data", localDrive, "D:"), path: d, dir: true},
		}
	}
	knownPlaces = func() []chooserEntry { return []chooserEntry{{name: "Pictures", path: pictures, dir: true}} }
	return c, d, pictures
}

// TestFolderChooserReachesEveryDrive: the places list the user's folders
// and every drive by the name Explorer gives it; the up arrow goes from a
// drive's root to the list of drives, and a drive there opens with a
// double click and is chosen with "Use this folder".
func TestFolderChooserReachesEveryDrive(t *testing.T) {
	c, d, pictures := fakeComputer(t)
	h := newHarness(t, nil)
	h.press(fyne.KeyD, ctrl)
	ch := h.ui.chooser
	var names []string
	for _, p := range ch.spots {
		names = append(names, p.name)
	}
	for _, want := range []string{"Pictures", "Local disk (C:)", "Data (D:)"} {
		if !slices.Contains(names, want) {
			t.Errorf("the places %q lack %q", names, want)
		}
	}
	ch.places.Select(slices.Index(names, "Pictures"))
	if ch.dir != pictures {
		t.Fatalf("Pictures opened %q", ch.dir)
	}

	ch.open(filepath.Dir(c))
	for filepath.Dir(ch.dir) != ch.dir {
		test.Tap(ch.up)
	}
	if ch.up.Disabled() {
		t.Fatal("at the root the up arrow is greyed out, with drives to go to")
	}
	test.Tap(ch.up)
	if ch.dir != "" || len(ch.entries) != 2 || ch.entries[1].path != d || !ch.up.Disabled() || !ch.ok.Disabled() {
		t.Fatalf("above the root: folder %q, entries %+v", ch.dir, ch.entries)
	}
	ch.activate(ch.entries[1])
	if ch.dir != d || len(ch.entries) != 1 || ch.entries[0].name != "Photos" {
		t.Fatalf("the drive D: opened %q with %+v", ch.dir, ch.entries)
	}
	test.Tap(ch.up)
	ch.pick(ch.entries[1])
	test.Tap(ch.ok)
	if h.ui.m.Dir() != d {
		t.Errorf("downloads go to %q, want the drive chosen, %q", h.ui.m.Dir(), d)
	}
}

func TestDriveName(t *testing.T) {
	tests := []struct {
		label  string
		kind   driveKind
		letter string
		want   string
	}{
		{"", localDrive, "C:", "Local disk (C:)"},
		{"Data", localDrive, "D:", "Data (D:)"},
		{"", removableDrive, "E:", "Removable disk (E:)"},
		{"", networkDrive, "Z:", "Network drive (Z:)"},
		{"", opticalDrive, "F:", "CD or DVD drive (F:)"},
	}
	for _, tt := range tests {
		if got := driveName(tt.label, tt.kind, tt.letter); got != tt.want {
			t.Errorf("driveName(%q, %d, %q) = %q, want %q", tt.label, tt.kind, tt.letter, got, tt.want)
		}
	}
}
