package appstore

import (
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"
)

// fyneFile is a preferences file as Fyne 2.7 writes it.
const fyneFile = `{"chooser.recent":["/home/u/Pictures","/media/d"],"limits.concurrency":8,"output.dir":"/home/u/Pictures/Haul","pictures.skipSame":false,"scale":1.5}
`

// TestPreferencesReadFynesFile: every preference Fyne kept reads back
// with its type, numbers included, and one that is missing or of another
// type gives the fallback.
func TestPreferencesReadFynesFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, preferencesFile), []byte(fyneFile), 0o600); err != nil {
		t.Fatal(err)
	}
	p, err := OpenPreferences(dir)
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"a list", p.StringList("chooser.recent"), []string{"/home/u/Pictures", "/media/d"}},
		{"a whole number", p.IntWithFallback("limits.concurrency", 4), 8},
		{"a text", p.String("output.dir"), "/home/u/Pictures/Haul"},
		{"a boolean", p.BoolWithFallback("pictures.skipSame", true), false},
		{"a number", p.Float("scale"), 1.5},
		{"a missing one", p.IntWithFallback("limits.retries", 5), 5},
		{"one of another type", p.BoolWithFallback("output.dir", true), true},
		{"a list of another type", p.IntListWithFallback("chooser.recent", []int{1}), []int{1}},
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
}

// TestPreferencesKeepEveryChange: each change is on disk at once, reads
// back the same after reopening, and is told to the listeners.
func TestPreferencesKeepEveryChange(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "haul", "window")
	p, err := OpenPreferences(dir)
	if err != nil {
		t.Fatal(err)
	}
	changes := 0
	p.AddChangeListener(func() { changes++ })
	p.SetBool("window.closeQuits", true)
	p.SetInt("limits.concurrency", 12)
	p.SetFloat("scale", 1.25)
	p.SetString("output.dir", `D:\Pictures`)
	p.SetStringList("chooser.recent", []string{`D:\`, `C:\Users\u`})
	p.SetIntList("widths", []int{3, 4})
	p.SetBoolList("flags", []bool{true, false})
	p.SetFloatList("sizes", []float64{0.5})
	p.SetString("gone", "soon")
	p.RemoveValue("gone")
	if changes != 10 || len(p.ChangeListeners()) != 1 {
		t.Errorf("%d changes told to %d listeners, want 10 to 1", changes, len(p.ChangeListeners()))
	}
	again, err := OpenPreferences(dir)
	if err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		name      string
		got, want any
	}{
		{"boolean", again.Bool("window.closeQuits"), true},
		{"whole number", again.Int("limits.concurrency"), 12},
		{"number", again.Float("scale"), 1.25},
		{"text", again.String("output.dir"), `D:\Pictures`},
		{"texts", again.StringList("chooser.recent"), []string{`D:\`, `C:\Users\u`}},
		{"whole numbers", again.IntList("widths"), []int{3, 4}},
		{"booleans", again.BoolList("flags"), []bool{true, false}},
		{"numbers", again.FloatList("sizes"), []float64{0.5}},
		{"removed", again.StringWithFallback("gone", "none"), "none"},
	}
	for _, c := range checks {
		if !reflect.DeepEqual(c.got, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %v, want the preferences file alone", entries)
	}
}

// TestMoveCarriesFynesFolderOver: the preferences and the window's files
// move to Haul's folder and Fyne's folders go; a file Haul's folder has
// already is never written over, and its old copy stays where it was.
func TestMoveCarriesFynesFolderOver(t *testing.T) {
	root := t.TempDir()
	from := filepath.Join(root, "fyne", "io.haul.app")
	dir := filepath.Join(root, "haul", "window")
	files := map[string]string{preferencesFile: fyneFile, "queue.jsonl": "{}\n", "network.json": `{"proxy":""}`}
	for name, body := range files {
		write(t, filepath.Join(from, name), body)
	}
	if err := os.Mkdir(filepath.Join(from, documents), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := Move(from, dir); err != nil {
		t.Fatal(err)
	}
	for name, body := range files {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != body {
			t.Errorf("%s in Haul's folder: %q, %v", name, b, err)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "fyne")); !os.IsNotExist(err) {
		t.Errorf("Fyne's folder is still there: %v", err)
	}

	write(t, filepath.Join(from, "queue.jsonl"), "older\n")
	if err := Move(from, dir); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "queue.jsonl")); string(b) != "{}\n" {
		t.Errorf("the list in Haul's folder was written over: %q", b)
	}
	if b, _ := os.ReadFile(filepath.Join(from, "queue.jsonl")); string(b) != "older\n" {
		t.Errorf("the list left in Fyne's folder was lost: %q", b)
	}
}

// TestTidyRemovesOnlyWhatFyneMakesEmpty: the empty preferences file and
// the empty folders Fyne makes on each run go; a preference kept there,
// or Fyne's own settings of other apps, stay.
func TestTidyRemovesOnlyWhatFyneMakesEmpty(t *testing.T) {
	tests := []struct {
		name     string
		files    map[string]string
		wantGone bool
	}{
		{"what Fyne makes on each run", map[string]string{"io.haul.app/" + preferencesFile: "{}\n", "io.haul.app/Documents/": ""}, true},
		{"a preference", map[string]string{"io.haul.app/" + preferencesFile: fyneFile}, false},
		{"another file", map[string]string{"io.haul.app/queue.jsonl": "{}\n"}, false},
		{"Fyne's settings of every app", map[string]string{"settings.json": "{}", "io.haul.app/" + preferencesFile: "{}\n"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := filepath.Join(t.TempDir(), "fyne")
			for name, body := range tt.files {
				if name[len(name)-1] == '/' {
					os.MkdirAll(filepath.Join(root, name), 0o700)
					continue
				}
				write(t, filepath.Join(root, name), body)
			}
			Tidy(filepath.Join(root, "io.haul.app"))
			_, err := os.Stat(root)
			if gone := os.IsNotExist(err); gone != tt.wantGone {
				t.Errorf("Fyne's folder gone: %v, want %v", gone, tt.wantGone)
			}
			for name, body := range tt.files {
				if body != "{}\n" && body != "" {
					if _, err := os.Stat(filepath.Join(root, name)); err != nil {
						t.Errorf("%s was removed", name)
					}
				}
			}
		})
	}
}

// TestStorage: the window's files are made, written, read, listed and
// removed in its folder.
func TestStorage(t *testing.T) {
	test.NewTempApp(t)
	s, err := NewStorage(filepath.Join(t.TempDir(), "window"))
	if err != nil {
		t.Fatal(err)
	}
	w, err := s.Create("queue.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, "saved")
	w.Close()
	if _, err := s.Create("queue.jsonl"); err == nil {
		t.Error("Create made a file that was there already")
	}
	w, err = s.Save("network.json")
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	r, err := s.Open("queue.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(r)
	r.Close()
	if string(b) != "saved" {
		t.Errorf("read back %q", b)
	}
	if got := s.List(); !slices.Equal(got, []string{"network.json", "queue.jsonl"}) {
		t.Errorf("List = %v", got)
	}
	if err := s.Remove("network.json"); err != nil || len(s.List()) != 1 {
		t.Errorf("Remove: %v, left %v", err, s.List())
	}
	if s.RootURI().Path() != s.dir {
		t.Errorf("RootURI = %v, want %s", s.RootURI(), s.dir)
	}
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
}
