package gui

import (
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// TestFolderChooserMakesFolders: "Use this folder" with a typed folder
// that does not exist offers to make it and then uses it; New folder…
// makes a folder where the chooser is and picks it.
func TestFolderChooserMakesFolders(t *testing.T) {
	h := newHarness(t, nil)
	h.press(fyne.KeyD, ctrl)
	c := h.ui.chooser
	if c == nil || !c.folders {
		t.Fatal("Ctrl+D did not open the folder chooser")
	}
	typed := filepath.Join(t.TempDir(), "new", "pictures")
	c.path.SetText(typed)
	test.Tap(c.ok)
	test.Tap(h.dialogButton("Create"))
	if !isFolder(typed) || h.ui.m.Dir() != typed || h.ui.chooser != nil {
		t.Fatalf("after Create: folder made %v, downloads go to %q, chooser open %v", isFolder(typed), h.ui.m.Dir(), h.ui.chooser != nil)
	}

	h.press(fyne.KeyD, ctrl)
	c = h.ui.chooser
	if c.dir != typed {
		t.Fatalf("the chooser opens in %q, not the folder in use", c.dir)
	}
	test.Tap(c.newFolder)
	name, ok := h.win.Canvas().Focused().(interface{ SetText(string) })
	if !ok {
		t.Fatal("New folder… did not put the keyboard in the name box")
	}
	name.SetText("cats")
	test.Tap(h.dialogButton("Create"))
	cats := filepath.Join(typed, "cats")
	if !isFolder(cats) || c.picked != cats {
		t.Fatalf("New folder: made %v, picked %q", isFolder(cats), c.picked)
	}
	test.Tap(c.ok)
	if h.ui.m.Dir() != cats {
		t.Errorf("downloads go to %q, want the new folder %q", h.ui.m.Dir(), cats)
	}
}
