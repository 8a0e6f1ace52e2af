package gui

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/downloader/queue"
)

// UI is Haul's main window. Its widgets are fields so tests can reach them;
// everything on it runs on the Fyne UI thread except the refresh loop,
// which hands its results over with fyne.Do.
type UI struct {
	app   fyne.App
	win   fyne.Window
	prefs fyne.Preferences
	m     *downloader.Manager
	// store is the saved download list, nil when it could not be opened.
	store *queue.Store
	// do runs a function on the UI thread (fyne.Do outside tests).
	do func(func())

	ctx     context.Context
	cancel  context.CancelFunc
	done    chan struct{}
	ref     refresher
	kick    chan struct{}
	cmds    chan func()
	applied chan struct{}
	pending atomic.Bool
	closing sync.Once
	// ticks and applies count refresh ticks and UI refreshes.
	ticks, applies atomic.Int64
	shown          atomic.Pointer[shownTotals]

	rows    rowModel
	rowSize rowSize
	// rowRenderers counts the rows given renderers (drawn or measured).
	rowRenderers int
	selected     int
	// opened is the last file or folder handed to the system to open.
	opened string
	// restored is what was brought back from the last run.
	restored intakeResult

	paste, openList, find, about *tipButton
	settings                     *settingsRow
	intake                       *intakeLine
	clip                         *clipWatcher
	list                         *rowList
	emptyHint                    *widget.Label
	detail                       *widget.Label
	notice                       *noticeLine
	totals                       *totals
	batch                        *batchBar

	// dialogs are the dialogs on screen, the topmost last.
	dialogs []*openDialog
	// chooser is the open file or folder chooser, if any.
	chooser *chooser
	// tray is the system tray icon, nil where there is none.
	tray *tray
	// savedThumbs are the thumbnails of saved pictures shown in the rows.
	savedThumbs *savedThumbs
	// filter is the tabs, search and sort above the list.
	filter *listFilter
	// picked is the rows chosen for the right-click menu.
	picked picked

	// finder is the open "Find pictures on a page" dialog, if any.
	finder *finder
	// picker is the open picture picker; waitingPickers open after it.
	picker         *picker
	waitingPickers []pickerSource

	// network is the proxy and the site rules, kept in networkPath.
	network netSettings
}

// config holds what tests replace.
type config struct {
	do      func(func())
	options func(*downloader.Options)
	// journal wraps the saved list's journal.
	journal func(downloader.Journal) downloader.Journal
}

// New builds the window's content on w, loads the list files named in files
// and starts the refresh loop. The caller shows the window and runs the app.
func New(a fyne.App, w fyne.Window, files []string) *UI {
	u := newUI(a, w, config{do: fyne.Do})
	u.addFiles(files, u.restored)
	return u
}

func newUI(a fyne.App, w fyne.Window, cfg config) *UI {
	language := a.Preferences().String(prefLanguage)
	applyLanguage(language)
	useTranslations()
	chooseLanguage(language)
	useCJKFont(a)
	s := loadSettings(a.Preferences())
	opts := downloader.Options{Limits: s.Limits, Dir: s.Dir}
	var u *UI
	opts.OnPage = func(found downloader.PageFound) { u.pageFound(found) }
	network, netErr := loadNetSettings(networkPath(a))
	opts.Proxy, opts.Sites = network.Proxy, network.Sites
	if cfg.options != nil {
		cfg.options(&opts)
	}
	m := downloader.New(opts)
	ctx, cancel := context.WithCancel(context.Background())
	u = &UI{
		app: a, win: w, prefs: a.Preferences(), m: m, do: cfg.do,
		ctx: ctx, cancel: cancel, done: make(chan struct{}),
		ref:  refresher{m: m},
		kick: make(chan struct{}, 1), applied: make(chan struct{}, 1), cmds: make(chan func(), commandBacklog),
		selected: -1, network: network, picked: picked{ids: map[downloader.ID]struct{}{}},
	}
	u.savedThumbs = newSavedThumbs(cfg.do)
	u.build(s)
	u.startNetwork(netErr)
	u.restored = u.openQueue(queuePath(a), cfg.journal)
	if u.restored.restored > 0 {
		u.intake.set(u.restored.message(), nil)
	}
	w.SetTitle(windowTitle(a.Metadata()))
	w.SetOnDropped(u.Dropped)
	w.SetOnClosed(u.Close)
	u.addShortcuts()
	u.addTray()
	u.clip.start()
	go u.run(ctx, u.done)
	go u.runCommands(ctx)
	return u
}

// windowTitle is the app's name and version, e.g. "Haul 0.1.0".
func windowTitle(meta fyne.AppMetadata) string {
	name := appName(meta)
	if meta.Version == "" {
		return name
	}
	return name + " " + meta.Version
}

// appName is the app's name from its metadata.
func appName(meta fyne.AppMetadata) string {
	if meta.Name == "" {
		return "Haul"
	}
	return meta.Name
}

// build makes the widgets and lays out the window. Everything fits in a
// window 800 pixels wide: the settings used less often are under More…
// and the list's commands used less often are in a menu.
func (u *UI) build(s settings) {
	u.paste = newTipButton(lang.L("Paste links"), theme.ContentPasteIcon(), withKey(lang.L("Add the links copied to the clipboard"), fyne.KeyV, ctrlKey), u.Paste)
	u.openList = newTipButton(lang.L("Open list…"), theme.FolderOpenIcon(), withKey(lang.L("Add the links in a .txt, .csv, .html or .md file"), fyne.KeyO, ctrlKey), u.OpenList)
	u.find = newTipButton(lang.L("Find pictures on a page…"), theme.SearchIcon(), withKey(lang.L("Look for the pictures on a web page and choose which to save"), fyne.KeyF, ctrlKey), u.FindImages)
	u.about = newTipButton("", theme.InfoIcon(), lang.L("About Haul and its keyboard shortcuts"), u.ShowAbout)
	u.about.Importance = widget.LowImportance
	u.settings = newSettingsRow(u, s)
	u.intake = newIntakeLine(u)
	u.clip = newClipWatcher(u)
	u.notice = newNoticeLine()
	fitTimeLeft()
	u.list = newRowList(u)
	u.filter = newListFilter(u)
	u.emptyHint = widget.NewLabel(lang.L("Paste links (Ctrl+V) or open a list (Ctrl+O) to begin."))
	u.emptyHint.Importance = widget.LowImportance
	u.detail = widget.NewLabel("")
	u.detail.Wrapping = fyne.TextWrapWord
	u.detail.Selectable = true
	u.totals = newTotals()
	u.batch = newBatchBar(u)
	u.showDetail()

	top := container.NewVBox(
		container.NewBorder(nil, nil, container.NewHBox(u.paste, u.openList, u.find), container.NewHBox(u.settings.more, u.about)),
		u.settings.row(),
		u.intake.row(),
		u.clip.bar,
		u.notice.box,
	)
	bottom := container.NewVBox(
		u.detail,
		container.New(&columns{widths: []float32{0, 240}, gap: theme.Padding()}, u.totals.label,
			container.NewVBox(layout.NewSpacer(), u.totals.bar, layout.NewSpacer())),
		u.batch.row(),
	)
	center := inReadingOrder(u.filter.bar(), nil, nil, nil, container.NewStack(u.list, container.NewCenter(u.emptyHint)))
	u.win.SetContent(inReadingOrder(top, bottom, nil, nil, center))
}

// rowView is what row i shows now.
func (u *UI) rowView(i int) rowView { return newRowView(u.rows.at(i), u.viewContext()) }

// viewContext is what the rows' words depend on besides their items.
func (u *UI) viewContext() viewContext {
	return viewContext{now: time.Now(), running: u.totals.Summary().Running, idleTimeout: u.m.IdleTimeout()}
}

// showDetail shows the selected row in full: what is happening, the link
// and the file.
func (u *UI) showDetail() {
	if u.selected < 0 || u.selected >= u.rows.len() {
		u.detail.SetText(lang.L("Select a row to see its full link and what went wrong."))
		return
	}
	u.detail.SetText(detailText(u.rowView(u.selected)))
}

// Close stops the refresh loop and every download, and saves the list;
// partial files are kept, so the next run resumes them.
func (u *UI) Close() {
	u.closing.Do(func() {
		u.cancel()
		<-u.done
		u.m.Stop()
		u.closeQueue()
	})
}

// pageFound opens the picker when a pasted link turned out to be a web
// page with pictures on it; the engine calls it from a worker.
func (u *UI) pageFound(found downloader.PageFound) {
	if len(found.Images) == 0 {
		return
	}
	u.do(func() { u.showPicker(pickerSource{page: found.Page, images: found.Images}) })
}

// showError tells the user something went wrong, in a dialog.
func (u *UI) showError(err error) {
	u.showDialog(dialog.NewError(err, u.win))
}
