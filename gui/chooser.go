package gui

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/gui/kit"
	"haul/i18n"
)

// maxRecentFolders is how many folders the file chooser remembers.
const maxRecentFolders = 8

// chooser picks a list file or a folder. It has a box to type or paste a
// path, the recent and usual folders and (on Windows) the drives on the
// left, and the folder's contents: one click selects, a double click opens
// what is under the pointer (a folder opens in place, a file is chosen).
// On Windows the up arrow goes from a drive's root to the list of drives,
// as Explorer goes to "This PC". It replaces Fyne's
// file dialog, whose double click on a folder also opens the file that
// appears under the pointer, and which has no box for a typed path; the
// native dialogs are not available on every desktop Haul runs on.
type chooser struct {
	ui      *UI
	folders bool
	exts    []string
	done    func(path string)
	// saveName, when set, makes this a chooser of where to save a file:
	// the path box holds the file's path, this name in the folder shown.
	saveName string

	dir     string
	entries []chooserEntry
	picked  string

	dlg    *dialog.CustomDialog
	path   *kit.EscEntry
	places *widget.List
	list   *widget.List
	up     *kit.TipButton
	ok     *widget.Button
	// newFolder makes a folder in the one shown.
	newFolder *widget.Button
	status    *widget.Label
	spots     []chooserEntry
	// drives are the computer's drives (Windows); dir is "" while the
	// chooser shows them.
	drives []chooserEntry
}

// chooserEntry is one file or folder shown in the chooser.
type chooserEntry struct {
	name, path string
	dir        bool
}

// newChooser makes a chooser that starts in dir. In folder mode it lists
// folders only and chooses the folder shown; otherwise it lists folders
// and the files with one of exts.
func newChooser(u *UI, title string, folders bool, exts []string, dir string, done func(string)) *chooser {
	return newChooserOf(u, title, folders, "", exts, dir, done)
}

// newSaveChooser makes a chooser of where to save a file called name (with
// one of exts), starting in dir; the user may type another name or path.
func newSaveChooser(u *UI, title, name string, exts []string, dir string, done func(string)) *chooser {
	return newChooserOf(u, title, false, name, exts, dir, done)
}

func newChooserOf(u *UI, title string, folders bool, saveName string, exts []string, dir string, done func(string)) *chooser {
	c := &chooser{ui: u, folders: folders, saveName: saveName, exts: exts, done: done}
	c.path = kit.NewEscEntry(func() { c.dlg.Hide() })
	c.path.SetPlaceHolder(lang.L("Type or paste a path, then press Enter"))
	c.path.OnSubmitted = c.typed
	c.up = kit.NewTipButton("", theme.MoveUpIcon(), lang.L("Go to the folder above"), c.goUp)
	c.status = widget.NewLabel("")
	c.status.Importance = widget.WarningImportance
	c.status.Wrapping = fyne.TextWrapWord
	c.status.Hide()
	c.drives = listDrives()
	c.spots = c.placesList()
	c.places = widget.NewList(
		func() int { return len(c.spots) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(c.spots[id].name) },
	)
	c.places.OnSelected = func(id widget.ListItemID) { c.open(c.spots[id].path); c.places.UnselectAll() }
	c.list = widget.NewList(
		func() int { return len(c.entries) },
		func() fyne.CanvasObject { return newChooserRow(c) },
		func(id widget.ListItemID, o fyne.CanvasObject) {
			o.(*chooserRow).bind(c.entries[id], c.entries[id].path == c.picked)
		},
	)
	okText := lang.L("Open")
	if folders {
		okText = lang.L("Use this folder")
	}
	if saveName != "" {
		okText = lang.L("Save")
	}
	c.ok = widget.NewButton(okText, c.confirm)
	c.ok.Importance = widget.HighImportance
	cancel := widget.NewButton(lang.L("Cancel"), func() { c.dlg.Hide() })
	c.newFolder = widget.NewButtonWithIcon(lang.L("New folder…"), theme.FolderNewIcon(), c.askNewFolder)

	top := container.NewBorder(nil, c.status, nil, container.NewHBox(c.newFolder, c.up), c.path)
	split := container.NewHSplit(c.places, c.list)
	split.Offset = 0.28
	c.dlg = dialog.NewCustomWithoutButtons(title, container.NewBorder(top, nil, nil, nil, split), u.win)
	c.dlg.SetButtons([]fyne.CanvasObject{cancel, c.ok})
	size := u.win.Canvas().Size()
	c.dlg.Resize(fyne.NewSize(min(size.Width-40, 760), min(size.Height-40, 520)))
	c.open(existingFolder(dir))
	return c
}

// show opens the chooser and puts the keyboard in the path box.
func (c *chooser) show() {
	c.ui.chooser = c
	c.dlg.SetOnClosed(func() {
		if c.ui.chooser == c {
			c.ui.chooser = nil
		}
	})
	c.ui.showDialog(c.dlg)
	c.ui.win.Canvas().Focus(c.path)
}

// placesList lists the recent folders, then the user's usual folders
// (home, desktop, documents, downloads, pictures…), then the drives.
func (c *chooser) placesList() []chooserEntry {
	var out []chooserEntry
	seen := map[string]bool{}
	add := func(name, path string) {
		if path == "" || seen[path] {
			return
		}
		if fi, err := os.Stat(path); err != nil || !fi.IsDir() {
			return
		}
		seen[path] = true
		out = append(out, chooserEntry{name: name, path: path, dir: true})
	}
	for _, p := range c.ui.prefs.StringList(prefRecentFolders) {
		add(filepath.Base(p), p)
	}
	for _, p := range knownPlaces() {
		add(p.name, p.path)
	}
	// A drive is listed even when it cannot be read now (an empty card
	// reader): opening it says so.
	return append(out, c.drives...)
}

// goUp is the up arrow: the folder above, or from a drive's root the
// list of drives.
func (c *chooser) goUp() {
	if up := filepath.Dir(c.dir); up != c.dir {
		c.open(up)
		return
	}
	if len(c.drives) > 0 {
		c.showDrives()
	}
}

// showDrives lists the drives, the place above every drive's root.
func (c *chooser) showDrives() {
	c.say("")
	c.dir, c.picked = "", ""
	c.entries = append(c.entries[:0], c.drives...)
	c.path.SetText("")
	kit.Enabled(c.up, false)
	kit.Enabled(c.ok, false)
	c.list.ScrollToTop()
	c.list.Refresh()
}

// open shows a folder's contents.
func (c *chooser) open(dir string) {
	list, err := os.ReadDir(dir)
	if err != nil {
		c.say(lang.X("chooser.unreadable", "Cannot open the folder {{.Dir}}. Choose another one.", kit.Data{"Dir": dir}))
		return
	}
	c.say("")
	c.dir, c.picked = dir, ""
	c.entries = c.entries[:0]
	for _, e := range list {
		if strings.HasPrefix(e.Name(), ".") {
			continue
		}
		isDir := e.IsDir() || e.Type()&os.ModeSymlink != 0 && isFolder(filepath.Join(dir, e.Name()))
		if isDir || !c.folders && c.accepts(e.Name()) {
			c.entries = append(c.entries, chooserEntry{name: e.Name(), path: filepath.Join(dir, e.Name()), dir: isDir})
		}
	}
	slices.SortFunc(c.entries, func(a, b chooserEntry) int {
		if a.dir != b.dir {
			if a.dir {
				return -1
			}
			return 1
		}
		return strings.Compare(strings.ToLower(a.name), strings.ToLower(b.name))
	})
	c.path.SetText(dir)
	if c.saveName != "" {
		c.path.SetText(filepath.Join(dir, c.saveName))
	}
	kit.Enabled(c.up, filepath.Dir(dir) != dir || len(c.drives) > 0)
	kit.Enabled(c.ok, c.folders || c.saveName != "")
	c.list.ScrollToTop()
	c.list.Refresh()
}

func (c *chooser) accepts(name string) bool {
	return len(c.exts) == 0 || slices.Contains(c.exts, strings.ToLower(filepath.Ext(name)))
}

// pick selects an entry with one click.
func (c *chooser) pick(e chooserEntry) {
	c.picked = e.path
	c.path.SetText(e.path)
	if c.saveName != "" && e.dir {
		c.path.SetText(filepath.Join(e.path, c.saveName))
	}
	kit.Enabled(c.ok, c.folders || c.saveName != "" || !e.dir)
	c.list.Refresh()
}

// activate opens a folder or chooses a file: a double click or Enter.
func (c *chooser) activate(e chooserEntry) {
	if e.dir {
		c.open(e.path)
		return
	}
	if c.saveName != "" {
		c.saveAt(e.path)
		return
	}
	c.finish(e.path)
}

// typed goes to the path typed in the box; choosing a folder, a folder
// that does not exist is offered to be made.
func (c *chooser) typed(text string) {
	p := expandHome(strings.TrimSpace(text))
	if c.saveName != "" && !filepath.IsAbs(p) {
		p = filepath.Join(c.dir, p)
	}
	fi, err := os.Stat(p)
	switch {
	case c.saveName != "" && (err != nil || !fi.IsDir()):
		c.saveAt(p)
	case errors.Is(err, os.ErrNotExist) && c.folders && filepath.IsAbs(p):
		c.offerToCreate(p)
	case err != nil:
		c.say(lang.X("chooser.missing", "There is no file or folder at {{.Path}}. Check the path, or pick one below.", kit.Data{"Path": p}))
	case fi.IsDir():
		c.open(p)
	case c.folders:
		c.open(filepath.Dir(p))
	default:
		c.finish(p)
	}
}

// confirm is the Open / Use this folder button. A path typed in the box
// and not yet gone to counts: it is what the user sees.
func (c *chooser) confirm() {
	if c.saveName != "" {
		c.typed(c.path.Text)
		return
	}
	if typed := strings.TrimSpace(c.path.Text); typed != "" && typed != c.dir && typed != c.picked {
		c.typed(typed)
		return
	}
	switch {
	case c.folders && c.picked != "":
		c.finish(c.picked)
	case c.folders && c.dir != "":
		c.finish(c.dir)
	case c.picked != "":
		c.activate(chooserEntry{path: c.picked, dir: isFolder(c.picked)})
	}
}

// finish closes the chooser with its answer and remembers the folder.
func (c *chooser) finish(path string) {
	folder := path
	if !c.folders {
		folder = filepath.Dir(path)
	}
	rememberFolder(c.ui.prefs, folder)
	c.dlg.Hide()
	c.done(path)
}

// saveAt ends a save chooser with path once its folder is known to exist;
// a file already there is replaced only when the user says so.
func (c *chooser) saveAt(path string) {
	if filepath.Ext(path) == "" && len(c.exts) > 0 {
		path += c.exts[0]
	}
	if !isFolder(filepath.Dir(path)) {
		c.say(lang.X("chooser.nofolder", "There is no folder {{.Dir}}. Check the path, or pick a folder below.", kit.Data{"Dir": filepath.Dir(path)}))
		return
	}
	if _, err := os.Stat(path); err != nil {
		c.finish(path)
		return
	}
	d := dialog.NewConfirm(lang.L("Replace the file?"),
		lang.X("chooser.replace", "There is a file {{.Name}} in {{.Dir}} already. Replace it?", kit.Data{"Name": filepath.Base(path), "Dir": filepath.Dir(path)}),
		func(ok bool) {
			if ok {
				c.finish(path)
			}
		}, c.ui.win)
	d.SetConfirmText(lang.L("Replace"))
	c.ui.showDialog(d)
}

// offerToCreate asks whether to make the folder typed, which does not
// exist, and uses it once made.
func (c *chooser) offerToCreate(dir string) {
	d := dialog.NewConfirm(lang.L("New folder"),
		lang.X("chooser.create", "The folder {{.Path}} does not exist yet. Create it?", kit.Data{"Path": dir}),
		func(ok bool) {
			if ok && c.makeFolder(dir) {
				c.finish(dir)
			}
		}, c.ui.win)
	d.SetConfirmText(lang.L("Create"))
	c.ui.showDialog(d)
}

// askNewFolder asks for a name and makes that folder in the one shown,
// then shows it chosen.
func (c *chooser) askNewFolder() {
	var d *dialog.FormDialog
	name := kit.NewEscEntry(func() { d.Hide() })
	name.SetPlaceHolder(lang.L("New folder"))
	d = dialog.NewForm(lang.L("New folder"), lang.L("Create"), lang.L("Cancel"),
		[]*widget.FormItem{widget.NewFormItem(lang.L("Folder name:"), name)}, func(ok bool) {
			if ok {
				c.createNamed(name.Text)
			}
		}, c.ui.win)
	name.OnSubmitted = func(string) { d.Submit() }
	c.ui.showDialog(d)
	c.ui.win.Canvas().Focus(name)
}

// createNamed makes the folder name in the one shown and picks it.
func (c *chooser) createNamed(name string) {
	name = strings.TrimSpace(name)
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) {
		c.say(lang.L("Type a name for the folder, without / or \\."))
		return
	}
	dir := filepath.Join(c.dir, name)
	if !c.makeFolder(dir) {
		return
	}
	c.open(c.dir)
	c.pick(chooserEntry{name: name, path: dir, dir: true})
}

// makeFolder makes dir and the folders above it, or says why it cannot.
func (c *chooser) makeFolder(dir string) bool {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		c.say(lang.X("open.mkdir", "Could not create the folder {{.Path}}: {{.Error}}", kit.Data{"Path": dir, "Error": i18n.ErrorText(kit.Tr, err)}))
		return false
	}
	return true
}

func (c *chooser) say(msg string) {
	c.status.SetText(msg)
	kit.Visible(c.status, msg != "")
}

// rememberFolder puts a folder first in the recent folders.
func rememberFolder(p fyne.Preferences, dir string) {
	recent := slices.DeleteFunc(p.StringList(prefRecentFolders), func(s string) bool { return s == dir })
	recent = append([]string{dir}, recent...)
	p.SetStringList(prefRecentFolders, recent[:min(len(recent), maxRecentFolders)])
}

// existingFolder is dir, or the nearest folder above it that exists.
func existingFolder(dir string) string {
	for !isFolder(dir) {
		up := filepath.Dir(dir)
		if up == dir {
			home, _ := os.UserHomeDir()
			return home
		}
		dir = up
	}
	return dir
}

func isFolder(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// expandHome turns a leading ~ into the home folder.
func expandHome(p string) string {
	if p == "~" || strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, p[1:])
		}
	}
	return p
}

// chooserRow is one line of the chooser: an icon and a name. A tap
// selects it and a double tap opens it; both act on the entry the row
// shows at that moment.
type chooserRow struct {
	widget.BaseWidget
	c     *chooser
	entry chooserEntry
	icon  *widget.Icon
	name  *widget.Label
}

func newChooserRow(c *chooser) *chooserRow {
	r := &chooserRow{c: c, icon: widget.NewIcon(nil), name: kit.TruncLabel()}
	r.ExtendBaseWidget(r)
	return r
}

func (r *chooserRow) bind(e chooserEntry, picked bool) {
	r.entry = e
	icon := theme.FileIcon()
	if e.dir {
		icon = theme.FolderIcon()
	}
	r.icon.SetResource(icon)
	r.name.SetText(e.name)
	r.name.TextStyle.Bold = picked
	r.name.Refresh()
}

// CreateRenderer shows the icon and the name.
func (r *chooserRow) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewBorder(nil, nil, r.icon, nil, r.name))
}

// Tapped selects the entry.
func (r *chooserRow) Tapped(*fyne.PointEvent) { r.c.pick(r.entry) }

// DoubleTapped opens the entry.
func (r *chooserRow) DoubleTapped(*fyne.PointEvent) { r.c.activate(r.entry) }
