package cli

import (
	"io"
	"os"
	"path/filepath"
	"testing"

	"haul/downloader"
	"haul/instance"
)

func TestServeTakerRefusesWhatComesOnceItEnded(t *testing.T) {
	received := make(chan struct{}, 1)
	taker := &serveTaker{ctx: t.Context(), m: downloader.New(downloader.Options{Dir: t.TempDir()}), stderr: io.Discard, received: received}
	tests := []struct {
		name      string
		ended     bool
		wantError bool
	}{
		{"while serving", false, false},
		{"once ended", true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.ended {
				taker.end()
			}
			reply := taker.take(instance.Request{})
			if (reply.Error != "") != tt.wantError {
				t.Errorf("reply = %+v, want an error %v", reply, tt.wantError)
			}
			select {
			case <-received:
				if tt.wantError {
					t.Error("a refused request counted as received")
				}
			default:
				if !tt.wantError {
					t.Error("a taken request was not counted as received")
				}
			}
		})
	}
}

// TestServeTakerQuitsWhenTheInstallerAsks: a request to quit this program
// file ends the run; one for another copy of Haul does not, and neither
// counts as something to download.
func TestServeTakerQuitsWhenTheInstallerAsks(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		quit string
		want bool
	}{
		{"this program", self, true},
		{"another copy", filepath.Join(t.TempDir(), "Haul.exe"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			quit := false
			received := make(chan struct{}, 1)
			taker := &serveTaker{ctx: t.Context(), m: downloader.New(downloader.Options{Dir: t.TempDir()}), stderr: io.Discard, received: received,
				quit: func() { quit = true }}
			if reply := taker.take(instance.Request{Quit: tt.quit}); reply.Error != "" || reply.Added != 0 {
				t.Errorf("reply = %+v", reply)
			}
			if quit != tt.want {
				t.Errorf("quit = %v, want %v", quit, tt.want)
			}
			if len(received) != 0 {
				t.Error("a request to quit counted as something to download")
			}
		})
	}
}
