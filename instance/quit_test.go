package instance

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestRequestQuits(t *testing.T) {
	// The test's own program and its folder: files that exist, which a
	// test made under Wine could not remove afterwards.
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(self)
	tests := []struct {
		name string
		quit string
		want bool
	}{
		{"not asked", "", false},
		{"this program", self, true},
		{"this program, spelt with a dot", filepath.Join(dir, ".", filepath.Base(self)), true},
		{"another file", dir, false},
		{"a program that is not there", self + ".gone", false},
	}
	for _, tt := range tests {
		if got := (Request{Quit: tt.quit}).Quits(self); got != tt.want {
			t.Errorf("%s: Quits = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestAskToQuitReachesTheRunningHaul: the request arrives whole and the
// running Haul's answer comes back.
func TestAskToQuitReachesTheRunningHaul(t *testing.T) {
	path := testPath(t)
	l, err := Listen(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	asked := make(chan string, 1)
	go Serve(ctx, l, func(r Request) Reply {
		asked <- r.Quit
		return Reply{}
	})
	if _, err := AskToQuit(ctx, path, `C:\Programs\Haul\Haul.exe`); err != nil {
		t.Fatal(err)
	}
	if got := <-asked; got != `C:\Programs\Haul\Haul.exe` {
		t.Errorf("the running Haul was asked to quit %q", got)
	}
}
