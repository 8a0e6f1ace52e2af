package gui

import (
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"fyne.io/fyne/v2/lang"
	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/downloader/naming"
	"haul/downloader/schedule"
	"haul/gui/kit"
	"haul/i18n"
)

// stallShownAfter is how long a download receives nothing before its row
// says so.
const stallShownAfter = 5 * time.Second

// viewContext is what a row's words depend on besides the item itself.
type viewContext struct {
	now time.Time
	// running says the batch is started; queued items are stopped otherwise.
	running bool
	// idleTimeout is how long a download may receive nothing before it is
	// tried again.
	idleTimeout time.Duration
	// slotsFree says fewer connections download than At once allows, so
	// a queued item waits for its site; perHost is the most taken at once
	// from one site (0: as many as At once).
	slotsFree bool
	perHost   int
	// split is the most connections one large file takes now, 0 when no
	// file is fetched in parts.
	split int
	// slowed are the sites Haul holds back, by their key (host:port).
	slowed map[string]bool
	// hold is why the schedule holds the downloads it paused.
	hold schedule.Reason
}

// siteSlowed says the site of link is one Haul holds back.
func (c viewContext) siteSlowed(link string) bool {
	if len(c.slowed) == 0 {
		return false
	}
	u, err := url.Parse(link)
	if err != nil {
		return false
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	return c.slowed[u.Hostname()+":"+port]
}

// rowView is everything one list row shows, worked out off the UI thread.
// Two views of an unchanged row are equal, so the refresh loop can tell
// which rows need redrawing.
type rowView struct {
	ID    downloader.ID
	State downloader.State
	// Title is the file name once the server has answered; until then the
	// row shows the name read from the link (see name), worked out only for
	// rows on screen.
	Title string
	URL   string
	// Progress is the fraction done, or -1 when the bar is hidden.
	Progress float64
	// Size is how much is saved, in the bar.
	Size string
	// Status says in plain words what is happening; while the file comes,
	// its speed, time left and connections.
	Status string
	// Problem is the last error in full, for the detail line.
	Problem string
	// Path is the saved (or existing) file, when there is one.
	Path string
	// SignIn says the item failed in a way that signing in may cure.
	SignIn bool
	// Given is the name, without extension, given by hand before the start.
	Given string
	// Forgotten says the row is saved or skipped and its link was taken
	// out of the download archive: Retry fetches it again.
	Forgotten bool
}

// canRetry says Retry would try the row's download again.
func (v rowView) canRetry() bool {
	return v.State == downloader.Failed || v.State == downloader.Canceled || v.Forgotten
}

// showsProgress says whether the row shows a progress bar: while the
// file comes, when saved, and when part of it is kept for the next try;
// not for a link that is waiting or failed with nothing received, nor one
// canceled or skipped.
func showsProgress(s downloader.ItemSnapshot) bool {
	switch s.State {
	case downloader.Queued, downloader.Failed:
		return s.Bytes > 0
	case downloader.Canceled, downloader.Skipped:
		return false
	}
	return true
}

// newRowView describes one item as of c.now.
func newRowView(s downloader.ItemSnapshot, c viewContext) rowView {
	v := rowView{ID: s.ID, State: s.State, Title: s.Name, URL: s.URL, Path: s.Path, Progress: -1, Given: s.Given}
	if s.Err != nil {
		v.Problem = i18n.Failure(kit.Tr, s.Err)
		v.SignIn = s.State == downloader.Failed && s.Err.NeedsSignIn()
	}
	if p, ok := s.Progress(); ok && showsProgress(s) {
		v.Progress = p
	}
	v.Size = sizeText(s)
	v.Status = statusText(s, c)
	if s.Forgotten {
		v.Forgotten = true
		v.Status = lang.L("Forgotten by the download archive: Retry downloads it again")
	}
	return v
}

// name is the file name the row shows: the saved name, or the one the link
// most likely gives.
func (v rowView) name() string {
	if v.Title != "" {
		return v.Title
	}
	if v.Given != "" {
		return v.Given + path.Ext(nameFromLink(v.URL))
	}
	return nameFromLink(v.URL)
}

// nameFromLink is the file name a link will most likely be saved as.
func nameFromLink(link string) string {
	u, err := url.Parse(link)
	if err != nil {
		return link
	}
	return naming.FromURL(u)
}

// statusText says what is happening to an item, and why, in plain words.
func statusText(s downloader.ItemSnapshot, c viewContext) string {
	switch s.State {
	case downloader.Queued:
		return queuedText(s, c)
	case downloader.Active:
		return activeText(s, c)
	case downloader.Waiting:
		return waitingText(s, c.now)
	case downloader.Paused:
		if text := i18n.ScheduleHold(kit.Tr, c.hold, c.now); s.Held && text != "" {
			return text
		}
		return lang.L("Paused")
	case downloader.Done:
		if o := s.Original; o.URL != "" {
			return i18n.FullSize(kit.Tr, s.Width, s.Height, o.SmallWidth, o.SmallHeight)
		}
		return lang.L("Saved")
	case downloader.Failed:
		return failedText(s)
	case downloader.Skipped:
		if s.Note.Kind == downloader.NoteSavedBefore {
			return lang.L("Skipped: saved into this folder before; choose Forget in its menu to download it again")
		}
		if !s.Note.IsZero() {
			return lang.X("row.skipped.note", "Skipped: {{.Note}}", kit.Data{"Note": i18n.SkipNote(kit.Tr, s.Note)})
		}
		return lang.L("Skipped")
	case downloader.Canceled:
		return lang.L("Canceled")
	}
	return ""
}

// queuedText tells a stopped item from one waiting for a free slot, and
// says why it waits: its site asked for a pause or gave its files for the
// day, its last try failed, its site is held back, its site's limit, or a
// large file taking the slots.
func queuedText(s downloader.ItemSnapshot, c viewContext) string {
	switch {
	case !c.running && s.Bytes > 0:
		return lang.L("Stopped; Start resumes it")
	case !c.running:
		return lang.L("Not started; press Start")
	}
	if text, ok := siteAnswerText(s, c.now); ok {
		return text
	}
	return slotWaitText(s, c)
}

// siteAnswerText says why an item waits after what its site answered:
// its files for the day given, a pause asked for, or the failure it will
// try again after; ok is false when none of these holds it.
func siteAnswerText(s downloader.ItemSnapshot, now time.Time) (text string, ok bool) {
	switch {
	case s.DayLimit > 0 && s.RetryAt.After(now):
		return lang.XN("row.queued.day", "Its site gave its {{.N}} files for today — waiting until {{.At}}", s.DayLimit,
			kit.Data{"N": s.DayLimit, "At": i18n.DayLimitEnd(s.RetryAt)}), true
	case s.SlowedDown && s.RetryAt.After(now):
		return lang.X("row.queued.slow", "The site asked us to slow down — trying again in {{.In}}", kit.Data{"In": countdownText(s.RetryAt.Sub(now))}), true
	case s.Failures > 0 && s.Err != nil && !slowDownAnswer(s.Err):
		return lang.X("row.queued.error", "Waiting to try again (try {{.Try}}): {{.Problem}}",
			kit.Data{"Try": s.Failures + 1, "Problem": i18n.Failure(kit.Tr, s.Err)}), true
	}
	return "", false
}

// slotWaitText says why an item waits for a download slot: its site is
// held back, its site's limit, a large file taking the slots, or its turn.
func slotWaitText(s downloader.ItemSnapshot, c viewContext) string {
	switch {
	case c.siteSlowed(s.URL):
		return withTry(lang.L("Waiting for its site, which is asked more slowly"), s)
	case c.slotsFree && c.perHost > 0:
		return withTry(lang.XN("row.queued.site", "Waiting for its site: at most {{.N}} at once from one site", c.perHost, kit.Data{"N": c.perHost}), s)
	case !c.slotsFree && c.split > 1:
		return withTry(lang.XN("row.queued.split", "Waiting its turn: a large file takes {{.N}} connections", c.split, kit.Data{"N": c.split}), s)
	case s.Failures > 0:
		return lang.X("row.queued.try", "Waiting for a free slot to try again (try {{.Try}})", kit.Data{"Try": s.Failures + 1})
	}
	return lang.L("Waiting its turn")
}

// slowDownAnswer says a failure is a site asking for less (429, 503),
// which the site's own slowing down explains.
func slowDownAnswer(e *downloader.ItemError) bool {
	return e.Status == http.StatusTooManyRequests || e.Status == http.StatusServiceUnavailable
}

// withTry adds the try to why an item waits, after a failure.
func withTry(text string, s downloader.ItemSnapshot) string {
	if s.Failures > 0 {
		text = lang.X("row.queued.site.try", "{{.Wait}} (try {{.Try}})", kit.Data{"Wait": text, "Try": s.Failures + 1})
	}
	return text
}

// activeText is the speed, the time left and, for a large file fetched
// in parts, the connections ("1.2 MB/s · 3 min left · 4 connections"),
// or "Downloading" until they are known, with the try only after a real
// failure; or it says that nothing has arrived for a while and when it is
// tried again.
func activeText(s downloader.ItemSnapshot, c viewContext) string {
	if s.Idle >= stallShownAfter && c.idleTimeout > s.Idle {
		return lang.X("row.stalled", "No data for {{.Idle}} — will try again in {{.In}}",
			kit.Data{"Idle": durationText(s.Idle.Truncate(time.Second)), "In": durationText(c.idleTimeout - s.Idle.Truncate(time.Second))})
	}
	var parts []string
	if s.Speed >= 1 {
		parts = append(parts, speedText(s.Speed))
		if d, ok := s.ETA(); ok {
			parts = append(parts, lang.X("row.left", "{{.Time}} left", kit.Data{"Time": durationText(d)}))
		}
	}
	if s.Connections > 1 {
		parts = append(parts, lang.XN("row.connections", "{{.N}} connections", s.Connections, kit.Data{"N": s.Connections}))
	}
	text := lang.L("Downloading")
	if len(parts) > 0 {
		text = strings.Join(parts, " · ")
	}
	if s.Failures > 0 {
		text = lang.X("row.active.try", "{{.Status}} (try {{.Try}})", kit.Data{"Status": text, "Try": s.Failures + 1})
	}
	return text
}

// failedText is the reason, first saying that it failed again when more
// than one try ended the same way and the reason does not already count
// them (a Retry of a broken link reads as tried again, not unchanged;
// a sign-in lost at a restart is new, whatever the tries before it),
// or that it was not tried again after its site was judged down or its
// folder failed.
func failedText(s downloader.ItemSnapshot) string {
	msg := lang.L("Failed")
	if s.Err != nil {
		msg = i18n.Failure(kit.Tr, s.Err)
	}
	switch {
	case s.Err != nil && s.Err.NotStarted && s.Attempts > 0:
		e := *s.Err
		e.NotStarted = false
		msg = lang.XN("row.failed.gaveup", "Not tried again after {{.N}} tries: {{.Problem}}", s.Attempts,
			kit.Data{"Problem": i18n.Failure(kit.Tr, &e), "N": s.Attempts})
	case s.Attempts > 1 && (s.Err == nil || s.Err.Tries <= 1 && s.Err.Reason != downloader.ReasonSignInLost):
		msg = lang.XN("row.failed.again", "Failed again (tried {{.N}} times): {{.Problem}}", s.Attempts, kit.Data{"Problem": msg, "N": s.Attempts})
	}
	if s.Place != "" {
		msg = lang.X("failed.place", "{{.Place}}: {{.Problem}}", kit.Data{"Place": s.Place, "Problem": msg})
	}
	return msg
}

// detailText is the details line of a row: what is happening in full, the
// link, and the file.
func detailText(v rowView) string {
	text := lang.X("detail.status", "{{.Status}} — {{.URL}}", kit.Data{"Status": v.Status, "URL": kit.ReadableLink(downloader.ShownLink(v.URL))})
	if v.Problem != "" && !strings.Contains(v.Status, v.Problem) {
		text = lang.X("detail.problem", "{{.URL}} — last problem: {{.Problem}}", kit.Data{"URL": text, "Problem": v.Problem})
	}
	if v.Path != "" {
		text = lang.X("detail.path", "{{.Text}} — saved as {{.Path}}", kit.Data{"Text": text, "Path": v.Path})
	}
	return text
}

// waitingText explains why an item waits and when it will be tried again.
func waitingText(s downloader.ItemSnapshot, now time.Time) string {
	in := countdownText(s.RetryAt.Sub(now))
	if s.SlowedDown {
		return lang.X("row.waiting.slow", "Waiting: the site asked us to slow down, retrying in {{.In}}", kit.Data{"In": in})
	}
	if s.Err != nil {
		return lang.X("row.waiting.error", "Waiting: {{.Problem}} Retrying in {{.In}}", kit.Data{"Problem": i18n.Failure(kit.Tr, s.Err), "In": in})
	}
	return lang.X("row.waiting", "Waiting, retrying in {{.In}}", kit.Data{"In": in})
}

// sizeText shows how much is saved, and of how much when the size is known.
func sizeText(s downloader.ItemSnapshot) string {
	switch {
	case s.State == downloader.Done:
		return humanize.Bytes(uint64(max(s.Bytes, 0)))
	case s.Bytes > 0 && s.Total > 0:
		return lang.X("row.size.of", "{{.Done}} of {{.Total}}", kit.Data{"Done": humanize.Bytes(uint64(s.Bytes)), "Total": humanize.Bytes(uint64(s.Total))})
	case s.Bytes > 0:
		return humanize.Bytes(uint64(s.Bytes))
	case s.Total > 0 && !s.State.Final():
		return humanize.Bytes(uint64(s.Total))
	}
	return ""
}

// speedText shows a speed such as "1.2 MB/s".
func speedText(bytesPerSec float64) string {
	return lang.X("speed", "{{.Size}}/s", kit.Data{"Size": humanize.Bytes(uint64(bytesPerSec))})
}

// countdownText shows a short wait as m:ss, rounded up to the second.
func countdownText(d time.Duration) string {
	secs := int((max(d, 0) + time.Second - 1) / time.Second)
	return lang.X("countdown", "{{.Min}}:{{.Sec}}", kit.Data{"Min": secs / 60, "Sec": twoDigits(secs % 60)})
}

func twoDigits(n int) string {
	return string([]byte{byte('0' + n/10), byte('0' + n%10)})
}

// durationText shows a time left such as "8 s", "3 min" or "1 h 20 min".
func durationText(d time.Duration) string {
	return i18n.Duration(kit.Tr, d)
}
