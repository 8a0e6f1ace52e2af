package gui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/gui/guitest"
)

func TestSettingsApplyAtOnceAndAreRemembered(t *testing.T) {
	h := newHarness(t, nil)
	s := h.ui.settings
	s.concurrency.SetSelected("3")
	s.perHost.SetSelected("2")
	s.connections.SetSelected("4")
	s.retries.SetSelected("1")
	s.exists.SetSelected("keep both")
	s.speed.SetText("2 MB/s")
	s.speed.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	s.maxSize.SetText("50 MB")
	s.maxSize.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	s.setFolder(t.TempDir() + "/pictures")

	want := downloader.Limits{Concurrency: 3, PerHost: 2, ConnectionsPerFile: 4, Retries: 1, BytesPerSec: 2_000_000, OnExists: downloader.KeepBoth, MaxSize: 50_000_000}
	if got := h.ui.m.Limits(); got != want {
		t.Errorf("engine limits = %+v, want %+v", got, want)
	}
	if got := h.ui.m.Dir(); got != s.folder.Path() {
		t.Errorf("engine folder = %q, label shows %q", got, s.folder.Path())
	}
	if got := loadSettings(h.app.Preferences()); got.Limits != want || got.Dir != s.folder.Path() {
		t.Errorf("remembered settings = %+v", got)
	}

	again := newUI(h.app, h.app.NewWindow(""), config{do: func(f func()) { h.queue <- f }})
	t.Cleanup(again.Close)
	a := again.settings
	if a.connections.Selected != "4" {
		t.Errorf("a new window shows %q connections per file", a.connections.Selected)
	}
	if a.concurrency.Selected != "3" || a.speed.Text != "2.0 MB/s" || a.exists.Selected != "keep both" || a.maxSize.Text != "50 MB" {
		t.Errorf("a new window shows %q, %q, %q, %q", a.concurrency.Selected, a.speed.Text, a.exists.Selected, a.maxSize.Text)
	}
	if got := again.m.Limits(); got != want {
		t.Errorf("the new window's engine limits = %+v, want %+v", got, want)
	}
}

func TestParseSpeed(t *testing.T) {
	tests := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"unlimited", 0, true},
		{"", 0, true},
		{"500 KB/s", 500_000, true},
		{"2MB", 2_000_000, true},
		{"1.5 mb/s", 1_500_000, true},
		{"fast", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseSpeed(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseSpeed(%q) = %d, %v; want %d, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestWindowTitleAndAboutCarryNameAndVersion(t *testing.T) {
	tests := []struct {
		meta fyne.AppMetadata
		want string
	}{
		{fyne.AppMetadata{Name: "Haul", Version: "0.1.0"}, "Haul 0.1.0"},
		{fyne.AppMetadata{}, "Haul"},
	}
	for _, tt := range tests {
		if got := windowTitle(tt.meta); got != tt.want {
			t.Errorf("windowTitle(%+v) = %q, want %q", tt.meta, got, tt.want)
		}
	}
	h := newHarness(t, nil)
	test.Tap(h.ui.about)
	var bold []string
	guitest.Walk(h.win.Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if l, ok := o.(*widget.Label); ok && l.TextStyle.Bold {
			bold = append(bold, l.Text)
		}
	})
	slices.Sort(bold)
	if !slices.Equal(bold, []string{"About Haul", "Haul"}) {
		t.Errorf("about dialog title = %q", bold)
	}
}
