package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"haul/downloader"
	"haul/downloader/downloadtest"
)

func TestLiveLine(t *testing.T) {
	tests := []struct {
		name    string
		sum     downloader.Summary
		elapsed time.Duration
		want    string
	}{
		{"nothing finished yet",
			downloader.Summary{Total: 1000, Queued: 992, Active: 8, Speed: 0},
			time.Second, "0/1000 saved · 0 failed · 1000 left · 0 B/s"},
		{"estimate from finished items while some wait in line",
			downloader.Summary{Total: 1000, Done: 412, Failed: 3, Queued: 577, Active: 8, Speed: 12_400_000},
			41500 * time.Millisecond, "412/1000 saved · 3 failed · 585 left · 12 MB/s · about 59s left"},
		{"estimate from bytes once every item has started",
			downloader.Summary{Total: 10, Done: 6, Skipped: 2, Active: 2, Bytes: 5_000_000, Expected: 125_000_000, Sized: 8, Speed: 1_500_000},
			time.Minute, "6/10 saved · 2 skipped · 0 failed · 2 left · 1.5 MB/s · about 1m20s left"},
		{"nearly done",
			downloader.Summary{Total: 2, Done: 1, Active: 1, Bytes: 999_900, Expected: 1_000_000, Sized: 2, Speed: 1_000_000},
			time.Second, "1/2 saved · 0 failed · 1 left · 1.0 MB/s · almost done"},
	}
	for _, tt := range tests {
		if got := statusLine(tt.sum, tt.elapsed); got != tt.want {
			t.Errorf("%s:\n got  %q\n want %q", tt.name, got, tt.want)
		}
	}
}

func TestItemLine(t *testing.T) {
	tests := []struct {
		it   downloader.ItemSnapshot
		want string
	}{
		{downloader.ItemSnapshot{State: downloader.Done, URL: "https://x.test/cat.jpg", Name: "cat.jpg", Bytes: 240_000},
			"saved cat.jpg (240 kB)"},
		{downloader.ItemSnapshot{State: downloader.Skipped, URL: "https://x.test/cat.jpg", Note: downloader.Note{Kind: downloader.NoteInFolder, Name: "cat.jpg"}},
			"skipped https://x.test/cat.jpg: Already in the folder: cat.jpg"},
		{downloader.ItemSnapshot{State: downloader.Failed, URL: "https://x.test/gone", Err: &downloader.ItemError{Kind: downloader.ErrHTTP, Reason: downloader.ReasonHTTP, Status: 410}},
			"failed https://x.test/gone: Gone (410): the site removed this file for good."},
		{downloader.ItemSnapshot{State: downloader.Canceled, URL: "https://x.test/a"}, "canceled https://x.test/a"},
	}
	for _, tt := range tests {
		if got := itemLine(tt.it); got != tt.want {
			t.Errorf("got %q, want %q", got, tt.want)
		}
	}
}

func TestFormatElapsed(t *testing.T) {
	tests := map[time.Duration]string{
		4200 * time.Millisecond:                     "4.2s",
		63 * time.Second:                            "1m03s",
		2*time.Hour + 5*time.Minute + 9*time.Second: "2h05m09s",
	}
	for d, want := range tests {
		if got := formatElapsed(d); got != want {
			t.Errorf("formatElapsed(%s) = %q, want %q", d, got, want)
		}
	}
}

func TestLiveProgressRedrawsOneLine(t *testing.T) {
	s := newServer(t)
	s.Handle("/slow.bin", downloadtest.Data(64<<10, 1), downloadtest.Throttle(128<<10))
	m := downloader.New(downloader.Options{Dir: t.TempDir()})
	m.Add(s.URL("/slow.bin"))
	if err := m.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	p := startProgress(m, &out, progressLive, time.Now())
	m.Wait()
	p.stop()
	m.Stop()
	text := out.String()
	if strings.Contains(text, "\n") || !strings.HasPrefix(text, clearLine+"0/1 saved · 0 failed · 1 left") || !strings.HasSuffix(text, clearLine) {
		t.Errorf("live output should be one redrawn line, erased at the end: %q", text)
	}
}

func TestProgressIsLiveOnlyOnATerminal(t *testing.T) {
	file, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	tests := []struct {
		name  string
		quiet bool
		want  progressMode
	}{
		{"a file", false, progressLog},
		{"quiet", true, progressNone},
	}
	for _, tt := range tests {
		if got := chooseProgress(file, tt.quiet); got != tt.want {
			t.Errorf("%s: mode %d, want %d", tt.name, got, tt.want)
		}
	}
	if got := chooseProgress(&bytes.Buffer{}, false); got != progressLog {
		t.Errorf("a buffer: mode %d, want log lines", got)
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		if got := chooseProgress(tty, false); got != progressLive {
			t.Errorf("a terminal: mode %d, want the live line", got)
		}
	}
}
