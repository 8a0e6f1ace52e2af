package downloader

import (
	"context"
	"fmt"
	"testing"
	"time"

	"haul/downloader/clock/clocktest"
	"haul/downloader/downloadtest"
	"haul/downloader/schedule"
)

// heldBatch is the engine as the schedule sees it.
type heldBatch struct{ m *Manager }

func (b heldBatch) Hold() int    { return b.m.Controls().HoldAll() }
func (b heldBatch) Release() int { return b.m.Controls().ReleaseHeld() }

// TestTheDailyCapStopsTheBytesAtTheCap: on a fast line, with files of
// both sizes (small ones received in memory, large ones split over
// connections), the bytes received end within 1% of the data per day:
// they are counted as they arrive, and the read that reaches the cap
// holds the batch at once, whatever the schedule's clock says. What is
// left waits, held by the schedule.
func TestTheDailyCapStopsTheBytesAtTheCap(t *testing.T) {
	tests := []struct {
		name        string
		files, size int
		cap         int64
	}{
		{"large files in parts", 6, 12 << 20, 40 << 20},
		{"many small files", 400, 96 << 10, 12 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := newServer(t)
			var links []string
			for i := range tt.files {
				path := fmt.Sprintf("/f%03d.bin", i)
				srv.Handle(path, downloadtest.Data(tt.size, int64(i)))
				links = append(links, srv.URL(path))
			}
			m := New(testOptions(t.TempDir()))
			clock := clocktest.NewClock(time.Date(2026, 3, 1, 20, 0, 0, 0, time.Local))
			s := schedule.New(clock, heldBatch{m}, schedule.Settings{DailyCap: tt.cap}, schedule.Usage{}, nil)
			m.MeterBytes(s)
			ctx, cancel := context.WithCancel(t.Context())
			done := make(chan struct{})
			go func() { s.Run(ctx); close(done) }()
			defer func() { cancel(); <-done }()
			addAll(t, m, links...)
			sum := runAll(t, m)
			if sum.Paused == 0 || sum.Done+sum.Paused != tt.files {
				t.Fatalf("summary %+v: want the files past the cap held", sum)
			}
			used := s.Usage().Bytes
			if over := used - tt.cap; over < 0 || over > tt.cap/100 {
				t.Errorf("%d bytes received for a cap of %d: %d over, want at most %d", used, tt.cap, over, tt.cap/100)
			}
			if sum.Received > used {
				t.Errorf("the engine wrote %d bytes, the schedule counted %d received", sum.Received, used)
			}
			t.Logf("cap %d, received %d (%d over)", tt.cap, used, used-tt.cap)
		})
	}
}

// TestOutsideTheHoursNothingIsAsked: a batch running outside the download
// hours asks its site for nothing, also for the links added after the
// schedule last looked: their tries wait and are held; once the hours
// begin they are saved.
func TestOutsideTheHoursNothingIsAsked(t *testing.T) {
	srv := newServer(t)
	body := downloadtest.Data(64<<10, 3)
	srv.Handle("/a.bin", body)
	srv.Handle("/b.bin", body)
	m := New(testOptions(t.TempDir()))
	clock := clocktest.NewClock(time.Date(2026, 3, 1, 22, 0, 0, 0, time.Local))
	night := schedule.Window{From: 23 * time.Hour, To: 7 * time.Hour}
	s := schedule.New(clock, heldBatch{m}, schedule.Settings{Limited: true, Window: night}, schedule.Usage{}, nil)
	m.MeterBytes(s)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { s.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	<-clock.Waiting // held before anything was added
	addAll(t, m, srv.URL("/a.bin"), srv.URL("/b.bin"))
	if sum := runAll(t, m); sum.Paused != 2 {
		t.Fatalf("summary %+v, want both held", sum)
	}
	if hits := srv.Hits("/a.bin") + srv.Hits("/b.bin"); hits != 0 {
		t.Errorf("%d requests outside the hours, want none", hits)
	}
	clock.Advance(time.Hour)
	for s.Held() != schedule.Free {
		<-clock.Waiting // the schedule looked, maybe just before 23:00
		clock.Advance(10 * time.Second)
	}
	if sum := runAll(t, m); sum.Done != 2 {
		t.Errorf("summary %+v once the hours began, want both saved", sum)
	}
}
