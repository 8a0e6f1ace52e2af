package gui

import (
	"path/filepath"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/lang"

	"haul/downloader"
	"haul/downloader/archive"
	"haul/gui/kit"
)

// prefArchive says the download archive is used (on unless turned off).
const prefArchive = "archive.on"

// folderArchive is the window's download archive, one per output folder
// (package archive): while it is on, the engine skips the links and
// pictures saved into a folder before, even deleted, and records each file
// saved. Off, it knows nothing and records nothing.
type folderArchive struct {
	on      atomic.Bool
	folders *archive.Folders
}

// newFolderArchive makes the window's archive, on as the preferences say.
func newFolderArchive(p fyne.Preferences, base string) *folderArchive {
	a := &folderArchive{folders: archive.NewFolders(base)}
	a.on.Store(p.BoolWithFallback(prefArchive, true))
	return a
}

// HasLink says link was saved into folder dir before, or that the
// folder's archive cannot be read.
func (a *folderArchive) HasLink(dir, link string) (bool, error) {
	if !a.on.Load() {
		return false, nil
	}
	return a.folders.HasLink(dir, link)
}

// HasPicture says a picture of this sha256 was saved into folder dir
// before, or that the folder's archive cannot be read.
func (a *folderArchive) HasPicture(dir, sum string) (bool, error) {
	if !a.on.Load() {
		return false, nil
	}
	return a.folders.HasPicture(dir, sum)
}

// checkFolder says whether the archive of folder dir can be read through
// (archive.Folders.Check); an archive turned off always can.
func (a *folderArchive) checkFolder(dir string) error {
	if !a.on.Load() {
		return nil
	}
	return a.folders.Check(dir)
}

// Remember records a file saved into folder dir.
func (a *folderArchive) Remember(dir, link, sum, page string) error {
	if !a.on.Load() {
		return nil
	}
	return a.folders.Remember(dir, link, sum, page)
}

// forget takes the links of items out of the archives of their folders
// and of every folder asked about so far; it returns how many were held.
func (a *folderArchive) forget(items []downloader.ItemSnapshot) (int, error) {
	links := make([]string, 0, len(items))
	n := 0
	var first error
	for _, it := range items {
		links = append(links, it.URL)
		if it.Path == "" {
			continue
		}
		k, err := a.folders.Forget(filepath.Dir(it.Path), it.URL)
		n += k
		if first == nil {
			first = err
		}
	}
	k, err := a.folders.ForgetOpen(links...)
	if first == nil {
		first = err
	}
	return n + k, first
}

// check is the setting that turns the archive on and off.
func (a *folderArchive) check(p fyne.Preferences) *kit.EscCheck {
	c := kit.NewEscCheck(lang.L("Never download again what was saved in a folder, even after it is deleted"), func(on bool) {
		a.on.Store(on)
		p.SetBool(prefArchive, on)
	})
	c.Checked = a.on.Load()
	return c
}

// forgetRows forgets the links of the window's items ids, in the
// background, and says in the intake line how many were forgotten.
func (a *folderArchive) forgetRows(u *UI, ids []downloader.ID) {
	items := make([]downloader.ItemSnapshot, 0, len(ids))
	for _, id := range ids {
		if i, ok := u.rows.find(id); ok {
			items = append(items, u.rows.at(i))
		}
	}
	u.command(func() {
		n, err := a.forget(items)
		if err == nil {
			u.m.Controls().Forgotten(ids...)
		}
		msg := lang.XN("archive.forgot", "{{.N}} links forgotten: Retry, or adding or finding them again, downloads them again", n, kit.Data{"N": n})
		if err != nil {
			msg = lang.X("archive.forget.failed", "The download archive could not forget them: {{.Error}}", kit.Data{"Error": err.Error()})
		}
		u.do(func() { u.intake.set(msg, nil) })
	})
}
