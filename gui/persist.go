package gui

import (
	"errors"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"haul/downloader"
	"haul/downloader/queue"
	"haul/gui/kit"
	"haul/i18n"
)

// queueFileName is the saved download list in the app's storage folder.
const queueFileName = "queue.jsonl"

// learnedLimitsFile is where the limits Haul learned of sites are kept for
// a day, beside the download list.
const learnedLimitsFile = "sites-learned.json"

// queuePath is where the download list is kept between runs.
func queuePath(a fyne.App) string {
	return filepath.Join(a.Storage().RootURI().Path(), queueFileName)
}

// openQueue brings back the list saved by the last run and keeps saving
// it from now on. Restored items wait for Start; what it found is returned
// for the intake line, and any trouble is shown on the notice line.
func (u *UI) openQueue(path string, wrap func(downloader.Journal) downloader.Journal) intakeResult {
	store, recs, problem, err := queue.Open(path)
	if errors.Is(err, queue.ErrInUse) {
		u.notice.set(lang.L("Haul is already open in another window, so this one will not remember its downloads."))
		return intakeResult{}
	}
	if err != nil {
		u.notice.set(lang.X("notice.open", "Could not open the saved download list, so this session will not be remembered: {{.Error}}", kit.Data{"Error": i18n.ErrorText(kit.Tr, err)}))
		return intakeResult{}
	}
	if problem != nil {
		u.notice.set(i18n.QueueProblem(kit.Tr, *problem))
	}
	u.store = store
	restored := len(u.m.Saved().Restore(recs))
	var j downloader.Journal = store
	if wrap != nil {
		j = wrap(j)
	}
	u.m.Saved().SetJournal(savedJournal{j: j, failed: u.refreshSoon})
	return intakeResult{restored: restored, resume: u.m.Summary().Left() > 0}
}

// closeQueue writes the last changes and closes the saved list.
func (u *UI) closeQueue() {
	if u.store == nil {
		return
	}
	if err := u.m.Saved().Flush(); err != nil {
		fyne.LogError("save the download list", err)
	}
	if err := u.store.Close(); err != nil {
		fyne.LogError("close the download list", err)
	}
}

// savedJournal writes to the queue file and asks for a refresh when a
// write fails, so the window says so even when nothing else changes.
type savedJournal struct {
	j      downloader.Journal
	failed func()
}

// Write saves the changes; see downloader.Journal.
func (j savedJournal) Write(changed []downloader.Record, removed []string) error {
	return j.check(j.j.Write(changed, removed))
}

// Sync makes the changes durable; see downloader.Journal.
func (j savedJournal) Sync() error { return j.check(j.j.Sync()) }

func (j savedJournal) check(err error) error {
	if err != nil {
		j.failed()
	}
	return err
}

// saveErrorText is the notice for a list that cannot be saved.
func saveErrorText(err error) string {
	return lang.X("notice.save", "Could not save the download list: {{.Error}}", kit.Data{"Error": i18n.ErrorText(kit.Tr, err)})
}
