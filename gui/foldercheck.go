package gui

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/widget"
	"github.com/dustin/go-humanize"

	"haul/downloader/queue"
	"haul/gui/kit"
)

// folderTrouble is what is wrong with an output folder.
type folderTrouble int

// The troubles a folder check finds.
const (
	folderFine folderTrouble = iota
	// folderReadOnly: files cannot be created there.
	folderReadOnly
	// folderNoSpace: the known sizes left to download do not fit.
	folderNoSpace
	// folderUnusable: the folder cannot be created or opened.
	folderUnusable
	// folderInUse: haul get (or another Haul) is saving into it.
	folderInUse
)

// folderProblem is a folder check's result, as data; words come at the edge.
type folderProblem struct {
	trouble    folderTrouble
	dir        string
	need, free int64
	holder     queue.Holder // who holds the folder, when in use and known
}

// checkFolder tries to write into dir (creating it when missing) and
// compares its free space with need bytes, when need is known.
func checkFolder(dir string, need int64) folderProblem {
	p := folderProblem{dir: dir, need: need}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.trouble = troubleOf(err)
		return p
	}
	f, err := os.CreateTemp(dir, ".haul-check-*")
	if err != nil {
		p.trouble = troubleOf(err)
		return p
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	if free, ok := freeSpace(dir); ok && need > 0 && free < need {
		p.trouble, p.free = folderNoSpace, free
	}
	return p
}

// folderProblemOf explains an error the engine met with the folder.
func folderProblemOf(dir string, err error) folderProblem {
	p := folderProblem{trouble: troubleOf(err), dir: dir}
	var inUse *queue.InUseError
	if errors.As(err, &inUse) {
		p.holder = inUse.Holder
	}
	return p
}

func troubleOf(err error) folderTrouble {
	switch {
	case errors.Is(err, queue.ErrInUse):
		return folderInUse
	case errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS):
		return folderReadOnly
	}
	return folderUnusable
}

// message says what is wrong and what to do, in plain words.
func (p folderProblem) message() string {
	switch p.trouble {
	case folderReadOnly:
		return lang.X("folder.readonly", "Haul cannot save files in {{.Dir}}: this folder is read-only or belongs to someone else. Choose another folder.", kit.Data{"Dir": p.dir})
	case folderNoSpace:
		return lang.X("folder.space", "{{.Dir}} has {{.Free}} free, but the downloads in the list need about {{.Need}}. Choose a folder on a disk with more room, or free some space.",
			kit.Data{"Dir": p.dir, "Free": humanize.Bytes(uint64(p.free)), "Need": humanize.Bytes(uint64(p.need))})
	case folderUnusable:
		return lang.X("folder.unusable", "Haul cannot create or open the folder {{.Dir}}. Choose another folder.", kit.Data{"Dir": p.dir})
	case folderInUse:
		return p.inUseMessage()
	}
	return ""
}

// explainFolder shows a folder problem with a button to choose another.
func (r *settingsRow) explainFolder(p folderProblem) {
	if p.trouble == folderFine {
		return
	}
	text := widget.NewLabel(p.message())
	text.Wrapping = fyne.TextWrapWord
	title, closeText := lang.L("This folder cannot be used"), lang.L("Close")
	if p.trouble == folderNoSpace {
		title, closeText = lang.L("Not enough free space"), lang.L("Keep this folder")
	}
	d := dialog.NewCustomWithoutButtons(title, text, r.ui.win)
	choose := widget.NewButton(lang.L("Choose another folder…"), func() { d.Hide(); r.chooseFolder() })
	choose.Importance = widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{widget.NewButton(closeText, d.Hide), choose})
	d.Resize(fyne.NewSize(min(r.ui.win.Canvas().Size().Width-40, 520), text.MinSize().Height+160))
	r.problem, r.problemDlg = p, d
	r.ui.showDialog(d)
}

// inUseMessage says which program is saving into the folder, and what to do.
func (p folderProblem) inUseMessage() string {
	if p.holder == queue.HolderGet {
		return lang.X("folder.inuse.get", "haul get is downloading into {{.Dir}} (perhaps through another path to the same folder). Wait for it to finish, or choose another folder.", kit.Data{"Dir": p.dir})
	}
	return lang.X("folder.inuse", "Another Haul is downloading into {{.Dir}} (perhaps through another path to the same folder). Wait for it to finish, or choose another folder.", kit.Data{"Dir": p.dir})
}
