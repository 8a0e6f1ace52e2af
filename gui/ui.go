package gui

import (
	"context"
	"net/http"
	"net/url"
	"path/filepath"
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
	"haul/downloader/archive"
	"haul/downloader/clock"
	"haul/downloader/cookies"
	"haul/downloader/originals"
	"haul/downloader/queue"
	"haul/downloader/render"
	"haul/downloader/schedule"
	"haul/downloader/watch"
	"haul/gui/kit"
	"haul/gui/picker"
	"haul/gui/settings"
	"haul/gui/thumbnail"
	"haul/i18n"
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
	// holds are the output folders the window holds against haul get.
	holds folderHolds
	// do runs a function on the UI thread (fyne.Do outside tests).
	do func(func())
	// env is what the window was built with.
	env config

	ctx    context.Context
	cancel context.CancelFunc
	done   chan struct{}
	// commandsDone is closed once no batch command runs any more.
	commandsDone chan struct{}
	ref          refresher
	kick         chan struct{}
	cmds         chan func()
	applied      chan struct{}
	pending      atomic.Bool
	closing      sync.Once
	shown        atomic.Pointer[shownTotals]

	rows    rowModel
	rowSize rowSize
	// slowed are the sites Haul holds back now, by key (host:port).
	slowed map[string]bool
	// selected is the model index of the row selected in the list, -1
	// when none; selectedID is its download, which the selection follows
	// when rows move (see keepSelection).
	selected   int
	selectedID downloader.ID
	// restored is what was brought back from the last run.
	restored intakeResult

	// tips paints the tooltips over the window's content.
	tips                         *kit.TipLayer
	paste, openList, find, about *kit.TipButton
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
	// edits removes, moves and renames rows by hand.
	edits *rowEdits

	// pickers finds pictures on pages and opens the picture picker.
	pickers *picker.Pickers
	// thumbs makes the thumbnails of the rows and of the picker.
	thumbs *thumbnail.Service

	// network is the proxy and the site rules.
	network *settings.Network
	// archive is the download archive of each output folder.
	archive *folderArchive
	// watched checks the watched pages; nil when there is no list.
	watched *watched
	// jar is the engine's cookie jar, shared with the watched pages' checks.
	jar http.CookieJar
	// schedule pauses and resumes the batch at the hours chosen.
	schedule *scheduled
}

// config is what the window runs with besides the app: what tests replace.
type config struct {
	do      func(func())
	options func(*downloader.Options)
	// journal wraps the saved list's journal.
	journal func(downloader.Journal) downloader.Journal
	// open hands a link, file or folder to the system; nil is the app's OpenURL.
	open func(*url.URL) error
	// probe is told of the work the window does.
	probe probe
	// archives is the folder of the download archives (archive.DefaultBase).
	archives string
	// watchList is the file of the watched pages, "" for none; watchClock
	// the time they are checked by (the system's when nil).
	watchList  string
	watchClock clock.Clock
	// scheduleClock and system are the time the schedule goes by and what
	// it asks of the computer (the system's when nil).
	scheduleClock clock.Clock
	system        schedule.System
	// browser reads the watched pages that need one (the installed
	// browser, through package render, when nil).
	browser downloader.PageRenderer
}

// probe is told of the window's work as it happens, for measuring it: the
// refresh loop's ticks, the updates it applies and the rows it builds.
// Any of its functions may be nil.
type probe struct {
	ticked, applied, rowBuilt func()
}

// note calls f when it is set.
func note(f func()) {
	if f != nil {
		f()
	}
}

// New builds the window's content on w, loads the list files named in files
// and starts the refresh loop. The caller shows the window and runs the app.
func New(a fyne.App, w fyne.Window, files []string) *UI {
	archives, _ := archive.DefaultBase() // without a config folder, there is no archive
	watchList, _ := watch.DefaultPath()
	u := newUI(a, w, config{do: fyne.Do, archives: archives, watchList: watchList})
	u.intake.addFiles(files, u.restored)
	return u
}

func newUI(a fyne.App, w fyne.Window, cfg config) *UI {
	language := a.Preferences().String(settings.PrefLanguage)
	settings.ApplyLanguage(language)
	kit.UseTranslations()
	settings.ChooseLanguage(language)
	useCJKFont(a)
	s := loadSettings(a.Preferences())
	arc := newFolderArchive(a.Preferences(), cfg.archives)
	// The watched pages' checks send the cookies of the sites signed in to.
	opts := downloader.Options{Limits: s.Limits, Dir: s.Dir, Archive: arc, Jar: cookies.NewJar()}
	var u *UI
	opts.OnPage = func(found downloader.PageFound) { u.pageFound(found) }
	saved, netErr := settings.LoadNetwork(settings.NetworkPath(a))
	opts.Proxy, opts.Sites = saved.Proxy, saved.Sites
	opts.LearnedLimits = filepath.Join(a.Storage().RootURI().Path(), learnedLimitsFile)
	var rulesErr error
	opts.PictureRules, rulesErr = originals.LoadUser()
	if cfg.options != nil {
		cfg.options(&opts)
	}
	if cfg.open == nil {
		cfg.open = a.OpenURL
	}
	m := downloader.New(opts)
	ctx, cancel := context.WithCancel(context.Background())
	u = &UI{
		app: a, win: w, prefs: a.Preferences(), m: m, do: cfg.do, env: cfg,
		ctx: ctx, cancel: cancel, done: make(chan struct{}), commandsDone: make(chan struct{}),
		ref:  refresher{m: m},
		kick: make(chan struct{}, 1), applied: make(chan struct{}, 1), cmds: make(chan func(), commandBacklog),
		selected: -1, picked: picked{ids: map[downloader.ID]struct{}{}}, archive: arc, jar: opts.Jar,
	}
	u.picked.u = u
	u.edits = newRowEdits(u)
	u.thumbs = thumbnail.New(thumbnail.CacheBytes)
	u.savedThumbs = newSavedThumbs(ctx, cfg.do, u.thumbs)
	if cfg.scheduleClock == nil {
		cfg.scheduleClock = clock.System{}
	}
	if cfg.system == nil {
		// The countdown ends on a goroutine of its own: Haul quits on the
		// UI thread, as Ctrl+Q quits it.
		cfg.system = schedule.OS(func() { u.do(u.Quit) })
	}
	u.schedule = newScheduled(u, cfg.scheduleClock, cfg.system)
	u.ref.hold = u.schedule.s.Reason
	u.build(s)
	u.network = settings.NewNetwork(u.settingsHost(), settings.NetworkPath(a), saved, netErr)
	u.batch.showProxy(u.network.InUse())
	if cfg.watchClock == nil {
		cfg.watchClock = clock.System{}
	}
	if cfg.browser == nil {
		cfg.browser = render.Options{}
	}
	u.watched = newWatched(u, cfg.watchList, cfg.watchClock, cfg.browser)
	u.pickers = picker.New(u.pickerHost())
	u.restored = u.openQueue(queuePath(a), cfg.journal)
	_ = u.holds.hold(m.Dir()) // a folder haul get holds is explained when Start is pressed
	if u.restored.restored > 0 {
		u.intake.set(u.restored.message(), nil)
	}
	if words := i18n.PictureRulesProblem(kit.Tr, rulesErr); words != "" {
		u.notice.set(words)
	}
	w.SetTitle(windowTitle(a.Metadata()))
	w.SetOnDropped(u.intake.Dropped)
	w.SetOnClosed(u.Close)
	u.addShortcuts()
	u.addTray()
	u.clip.start()
	go u.run(ctx, u.done)
	go u.runCommands(ctx, u.commandsDone)
	u.watched.start(ctx)
	u.schedule.start(ctx)
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
func (u *UI) build(s remembered) {
	u.intake = newIntakeLine(u)
	u.paste = kit.NewTipButton(lang.L("Paste links"), theme.ContentPasteIcon(), withKey(lang.L("Add the links copied to the clipboard"), fyne.KeyV, ctrlKey), u.intake.Paste)
	u.openList = kit.NewTipButton(lang.L("Open list…"), theme.FolderOpenIcon(), withKey(lang.L("Add the links in a .txt, .csv, .html or .md file"), fyne.KeyO, ctrlKey), u.intake.OpenList)
	u.find = kit.NewTipButton(lang.L("Find pictures on a page…"), theme.SearchIcon(), withKey(lang.L("Look for the pictures on a web page and choose which to save"), fyne.KeyF, ctrlKey), u.FindImages)
	u.about = kit.NewTipButton("", theme.InfoIcon(), lang.L("About Haul and its keyboard shortcuts"), u.ShowAbout)
	u.about.Importance = widget.LowImportance
	u.settings = newSettingsRow(u, s)
	u.clip = newClipWatcher(u)
	u.notice = newNoticeLine()
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
		u.schedule.bar,
		u.notice.box,
	)
	bottom := container.NewVBox(
		u.detail,
		container.New(&kit.Columns{Widths: []float32{0, 240}, Gap: theme.Padding()}, u.totals.label,
			container.NewVBox(layout.NewSpacer(), u.totals.bar, layout.NewSpacer())),
		u.batch.row(),
	)
	center := inReadingOrder(u.filter.bar(), nil, nil, nil, container.NewStack(u.list, container.NewCenter(u.emptyHint)))
	u.tips = kit.NewTipLayer(inReadingOrder(top, bottom, nil, nil, center), u.do)
	u.win.SetContent(u.tips)
}

// rowView is what row i shows now.
func (u *UI) rowView(i int) rowView { return newRowView(u.rows.at(i), u.viewContext()) }

// viewContext is what the rows' words depend on besides their items: a
// large file fetched in parts takes a slot for each of its connections.
func (u *UI) viewContext() viewContext {
	sum, limits := u.totals.Summary(), u.settings.limits
	inUse, split := 0, 0
	for _, s := range u.rows.live {
		if s.State == downloader.Active {
			inUse += max(s.Connections, 1)
			split = max(split, s.Connections)
		}
	}
	return viewContext{now: time.Now(), running: sum.Running, idleTimeout: u.m.IdleTimeout(),
		slotsFree: sum.Running && inUse < limits.Concurrency, perHost: limits.PerHost, split: split, slowed: u.slowed,
		hold: u.schedule.s.Reason()}
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
		u.schedule.stop()
		u.cancel()
		<-u.done
		<-u.commandsDone
		u.m.Stop()
		u.closeQueue()
		u.holds.releaseAll()
		u.archive.folders.Close()
	})
}

// pageFound handles a pasted link that turned out to be a web page with
// pictures on it; the engine calls it from a worker. The pictures on it
// that failed in the list are tried again with the page as Referer (see
// reviveFromPage); the picker opens for the others, unless every one is
// in the list already.
func (u *UI) pageFound(found downloader.PageFound) {
	if len(found.Images) == 0 {
		return
	}
	revived := reviveFromPage(u.m, found)
	u.do(func() {
		if n := u.rows.missing(found.Images); n > 0 {
			u.ShowPictures(picker.Source{Page: found.Page, Images: found.Images})
			return
		}
		u.intake.set(lang.X("page.inlist", "Every picture on {{.Page}} is in the list already; {{.N}} that failed are being tried again.",
			kit.Data{"Page": kit.ReadableLink(downloader.ShownLink(found.Page)), "N": revived}), nil)
	})
}

// ShowPictures opens the picture picker on pictures found on a page, every
// one chosen, for the user to choose which to download; a picker opened
// already is finished first. Whatever finds pictures opens the picker
// here. It runs on the UI thread.
func (u *UI) ShowPictures(src picker.Source) {
	u.pickers.Show(src)
}

// FindImages asks for a web page and looks for the pictures on it, and on
// the pages after it, to choose from (Ctrl+F).
func (u *UI) FindImages() {
	u.pickers.Find()
}

// pickerHost is what the picker needs of the window.
func (u *UI) pickerHost() picker.Host {
	h := picker.Host{Ctx: u.ctx, Win: u.win, Prefs: u.prefs, Do: u.do, Engine: u.m, Thumbs: u.thumbs,
		ShowDialog: u.showDialog, Notice: u.notice.set,
		Added: func(ids []downloader.ID, rejected []downloader.Rejected, revived int) {
			r := intakeResult{revived: revived, pictures: true}
			r.count(ids, rejected)
			r.duplicates -= revived
			u.intake.showAdded(r)
		}}
	if u.watched != nil {
		h.Watch = u.watched.add
	}
	h.Start = u.batch.Start
	return h
}

// settingsHost is what the settings under More… need of the window.
func (u *UI) settingsHost() settings.Host {
	return settings.Host{Win: u.win, Do: u.do, Engine: u.m, ShowDialog: u.showDialog, Notice: u.notice.set,
		Changed: func() { u.batch.showProxy(u.network.InUse()) }}
}

// showError tells the user something went wrong, in a dialog.
func (u *UI) showError(err error) {
	u.showDialog(dialog.NewError(err, u.win))
}
