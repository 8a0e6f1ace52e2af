package cli

import (
	"io"
	"testing"

	"haul/downloader"
	"haul/instance"
)

func TestServeTakerRefusesWhatComesOnceItEnded(t *testing.T) {
	received := make(chan struct{}, 1)
	taker := &serveTaker{m: downloader.New(downloader.Options{Dir: t.TempDir()}), stderr: io.Discard, received: received}
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
