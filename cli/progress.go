package cli

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/i18n"
)

// progressMode is how a run shows its progress.
type progressMode int

const (
	// progressNone prints nothing while the run goes (-q).
	progressNone progressMode = iota
	// progressLive redraws one status line on a terminal.
	progressLive
	// progressLog prints a line per finished item, for pipes and CI logs.
	progressLog
)

// refreshEvery is how often the live line is redrawn and finished items
// are logged; polling keeps the cost flat however many items change, and
// the log reads only the items that changed since the last time.
const refreshEvery = 250 * time.Millisecond

// chooseProgress picks the live line when w is a terminal and log lines
// otherwise; quiet turns progress off.
func chooseProgress(w io.Writer, quiet bool) progressMode {
	if quiet {
		return progressNone
	}
	if f, ok := w.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
			return progressLive
		}
	}
	return progressLog
}

// progress shows a running batch until stop is called.
type progress struct {
	m        *downloader.Manager
	w        io.Writer
	mode     progressMode
	start    time.Time
	reported map[downloader.ID]bool
	rev      uint64 // what has been read up to (see downloader.Manager.SnapshotSince)
	// dayShown is when each site that gave its files for the day, as
	// last logged, takes requests again.
	dayShown map[string]time.Time
	line     *liveLine
	restore  func()
	quit     chan struct{}
	done     chan struct{}
}

// startProgress starts showing m's progress on w.
func startProgress(m *downloader.Manager, w io.Writer, mode progressMode, start time.Time) *progress {
	p := &progress{m: m, w: w, mode: mode, start: start, reported: map[downloader.ID]bool{}, dayShown: map[string]time.Time{},
		restore: func() {}, quit: make(chan struct{}), done: make(chan struct{})}
	if mode == progressLive {
		p.line, p.restore = newLiveLine(w)
	}
	go p.run()
	return p
}

// stop ends the display: the live line is erased and the last finished
// items are logged. It returns once nothing more will be written.
func (p *progress) stop() {
	close(p.quit)
	<-p.done
	p.restore()
}

func (p *progress) run() {
	defer close(p.done)
	switch p.mode {
	case progressLive:
		p.live()
	case progressLog:
		p.log()
	default:
		<-p.quit
	}
}

// live redraws the status line until stop.
func (p *progress) live() {
	tick := time.NewTicker(refreshEvery)
	defer tick.Stop()
	for {
		d, now := p.m.SnapshotSince(p.rev), time.Now()
		p.rev = d.Rev
		line := strings.Join(append([]string{statusLine(d.Summary, now.Sub(p.start))}, dayLimited(d.Slowed, now)...), " · ")
		fmt.Fprint(p.w, p.line.draw(line))
		select {
		case <-tick.C:
		case <-p.quit:
			fmt.Fprint(p.w, p.line.erase())
			return
		}
	}
}

// log prints a line for every item that finishes, until stop.
func (p *progress) log() {
	tick := time.NewTicker(refreshEvery)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
			p.logFinished()
		case <-p.quit:
			p.logFinished()
			return
		}
	}
}

// logFinished prints the items that finished since the last call; it
// reads only what changed since then, however long the list.
func (p *progress) logFinished() {
	d := p.m.SnapshotSince(p.rev)
	p.rev = d.Rev
	p.logDayLimits(d.Slowed)
	for _, it := range d.Items {
		if !it.State.Final() || p.reported[it.ID] {
			continue
		}
		p.reported[it.ID] = true
		fmt.Fprintln(p.w, itemLine(it))
	}
}

// logDayLimits prints a line for each site that has just given its
// files for the day, saying until when its other links wait.
func (p *progress) logDayLimits(sites []downloader.SiteSlowed) {
	now := time.Now()
	for _, s := range sites {
		if s.PerDay > 0 && s.Until.After(now) && !p.dayShown[s.Site].Equal(s.Until) {
			p.dayShown[s.Site] = s.Until
			fmt.Fprintln(p.w, i18n.SlowedSite(tr(), s, now))
		}
	}
}

// dayLimited says which sites gave their files for the day, and until when
// their other links wait.
func dayLimited(sites []downloader.SiteSlowed, now time.Time) []string {
	var out []string
	for _, s := range sites {
		if s.PerDay > 0 && s.Until.After(now) {
			out = append(out, i18n.SlowedSite(tr(), s, now))
		}
	}
	return out
}

// itemLine describes one finished item.
func itemLine(it downloader.ItemSnapshot) string {
	switch it.State {
	case downloader.Done:
		return tr().X("cli.item.saved", i18n.Data{"Name": it.Name, "Size": humanize.Bytes(uint64(max(it.Bytes, 0)))})
	case downloader.Skipped:
		return tr().X("cli.item.skipped", i18n.Data{"URL": downloader.ShownLink(it.URL), "Note": i18n.SkipNote(tr(), it.Note)})
	case downloader.Failed:
		return tr().X("cli.item.failed", i18n.Data{"URL": downloader.ShownLink(it.URL), "Reason": failureText(it)})
	}
	return tr().X("cli.item.canceled", i18n.Data{"URL": downloader.ShownLink(it.URL)})
}

// failureText is the human reason an item failed.
func failureText(it downloader.ItemSnapshot) string {
	if it.Err == nil {
		return tr().X("reason.unknown", nil)
	}
	if it.Place != "" {
		return tr().X("failed.place", i18n.Data{"Place": it.Place, "Problem": i18n.Failure(tr(), it.Err)})
	}
	return i18n.Failure(tr(), it.Err)
}

// statusLine is the one-line status: counts, speed and time left.
// s.Speed is the batch's speed.
func statusLine(s downloader.Summary, elapsed time.Duration) string {
	parts := []string{tr().X("cli.live.saved", i18n.Data{"Done": s.Done, "Total": s.Total})}
	if s.Skipped > 0 {
		parts = append(parts, tr().X("cli.live.skipped", i18n.Data{"N": s.Skipped}))
	}
	parts = append(parts, tr().X("cli.live.failed", i18n.Data{"N": s.Failed}), tr().X("cli.live.left", i18n.Data{"N": s.Left()}),
		tr().X("cli.speed", i18n.Data{"Size": humanize.Bytes(uint64(max(s.Speed, 0)))}))
	if eta, ok := timeLeft(s, elapsed); ok {
		if eta < time.Second {
			parts = append(parts, tr().X("cli.live.almost", nil))
		} else {
			parts = append(parts, tr().X("cli.live.eta", i18n.Data{"Time": clockText(eta, false)}))
		}
	}
	return strings.Join(parts, " · ")
}

// timeLeft estimates how long the batch still needs: from the bytes left
// once every item has started, else from how fast items have been finishing.
func timeLeft(s downloader.Summary, elapsed time.Duration) (time.Duration, bool) {
	if s.Left() == 0 {
		return 0, false
	}
	if eta, ok := s.ETA(); ok && s.Queued == 0 {
		return eta, true
	}
	if s.Finished() == 0 {
		return 0, false
	}
	return (elapsed * time.Duration(s.Left()) / time.Duration(s.Finished())).Round(time.Second), true
}
