package gui

import (
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"haul/downloader"
	"haul/gui/kit"
	"haul/gui/settings"
)

// Choices offered in the settings row.
var (
	concurrencyChoices = []int{1, 2, 3, 4, 6, 8, 12, 16, 24, 32}
	retryChoices       = []int{0, 1, 2, 3, 5, 10}
	speedPresets       = []int64{0, 100_000, 500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000}
	maxSizePresets     = []int64{0, 10_000_000, 100_000_000, 1_000_000_000}
	existsChoices      = []downloader.ExistsPolicy{downloader.SkipExisting, downloader.KeepBoth, downloader.Overwrite}
)

// settingsRow holds the output folder and the limits; every change applies
// to the running batch as soon as it is made (a typed speed or size once
// it is complete: on Enter or leaving the field) and is remembered.
type settingsRow struct {
	ui     *UI
	limits downloader.Limits

	// folder is the output folder, its last folders shown first when cut.
	folder                                *kit.PathLabel
	change                                *kit.TipButton
	concurrency, perHost, retries, exists *escSelect
	connections                           *escSelect // connections per file
	speed                                 *choiceEntry
	// speedProblem is the last message about a speed that could not be read.
	speedProblem string
	// maxSize is the largest file saved; maxSizeProblem, under it, says
	// why a typed size was not taken.
	maxSize        *choiceEntry
	maxSizeProblem *widget.Label
	// more opens the settings that do not fit on the row.
	more                            *kit.TipButton
	skipSame, pageReferer, fullSize *kit.EscCheck
	// placement puts pictures found on pages in folders and names them.
	placement *placement
	// problem is the last folder problem shown, in problemDlg.
	problem    folderProblem
	problemDlg *dialog.CustomDialog
}

func newSettingsRow(u *UI, s remembered) *settingsRow {
	r := &settingsRow{ui: u, limits: s.Limits}
	r.folder = kit.NewPathLabel(s.Dir)
	r.change = kit.NewTipButton(lang.L("Change…"), theme.FolderIcon(), withKey(lang.L("Choose the folder the files are saved in"), fyne.KeyD, ctrlKey), r.chooseFolder)

	r.concurrency = newEscSelect(kit.Numbers(concurrencyChoices), u.escape)
	r.concurrency.SetSelected(strconv.Itoa(s.Limits.Concurrency))
	r.concurrency.OnChanged = func(v string) { r.limits.Concurrency = kit.Atoi(v); r.apply() }

	r.perHost = newEscSelect(settings.PerHostLabels(), u.escape)
	r.perHost.SetSelected(settings.PerHostLabel(s.Limits.PerHost))
	r.perHost.OnChanged = func(v string) { r.limits.PerHost = kit.Atoi(v); r.apply() }

	r.connections = newEscSelect(settings.ConnectionsLabels(), u.escape)
	r.connections.SetSelected(settings.ConnectionsLabel(s.Limits.ConnectionsPerFile))
	r.connections.OnChanged = func(v string) { r.limits.ConnectionsPerFile = settings.ConnectionsOf(v); r.apply() }

	r.speed = newChoiceEntry(speedLabel(s.Limits.BytesPerSec), speedLabels(), r.applySpeed)
	r.speed.windowShortcut = u.windowShortcut
	r.maxSize = newChoiceEntry(maxSizeLabel(s.Limits.MaxSize), maxSizeLabels(), r.applyMaxSize)
	r.maxSizeProblem = widget.NewLabel("")
	r.maxSizeProblem.Wrapping = fyne.TextWrapWord
	r.maxSizeProblem.Importance = widget.WarningImportance
	r.maxSizeProblem.Hide()

	r.retries = newEscSelect(kit.Numbers(retryChoices), u.escape)
	r.retries.SetSelected(strconv.Itoa(s.Limits.Retries))
	r.retries.OnChanged = func(v string) { r.limits.Retries = kit.Atoi(v); r.apply() }

	r.exists = newEscSelect(existsLabels(), u.escape)
	r.exists.SetSelected(existsLabel(s.Limits.OnExists))
	r.exists.OnChanged = func(v string) {
		for _, p := range existsChoices {
			if existsLabel(p) == v {
				r.limits.OnExists = p
			}
		}
		r.apply()
	}

	r.skipSame = kit.NewEscCheck(lang.L("Skip pictures I already have (same content)"), nil)
	r.skipSame.Checked = !s.Limits.KeepDuplicates
	r.skipSame.OnChanged = func(on bool) { r.limits.KeepDuplicates = !on; r.apply() }
	r.pageReferer = kit.NewEscCheck(lang.L("Send the page as Referer"), nil)
	r.pageReferer.Checked = !s.Limits.NoPageReferer
	r.pageReferer.OnChanged = func(on bool) { r.limits.NoPageReferer = !on; r.apply() }
	r.fullSize = kit.NewEscCheck(lang.L("Save the full-size picture when there is one"), nil)
	r.fullSize.Checked = !s.Limits.AsLinked
	r.fullSize.OnChanged = func(on bool) { r.limits.AsLinked = !on; r.apply() }
	r.more = kit.NewTipButton(lang.L("More…"), theme.SettingsIcon(), withKey(lang.L("More settings"), fyne.KeyComma, ctrlKey), r.showMore)
	r.placement = newPlacement(r)
	return r
}

// showMore shows the settings that do not fit on the row (Ctrl+,).
func (r *settingsRow) showMore() {
	siteRate, siteWait := newSiteLimitSelects(r)
	limits := widget.NewForm(
		widget.NewFormItem(lang.L("Per site:"), r.perHost),
		widget.NewFormItem(lang.L("Connections per file:"), r.connections),
		widget.NewFormItem(lang.L("Requests a second per site:"), siteRate),
		widget.NewFormItem(lang.L("Give up on a site refusing everything after:"), siteWait),
		widget.NewFormItem(lang.L("Retries:"), r.retries),
		widget.NewFormItem(lang.L("If the file exists:"), r.exists),
		widget.NewFormItem(lang.L("Largest file:"), container.NewVBox(r.maxSize, r.maxSizeProblem)),
	)
	split := widget.NewLabel(lang.L("A large file is fetched in parts over several connections at once, within At once and Per site; 1 fetches every file over one connection."))
	split.Wrapping = fyne.TextWrapWord
	split.Importance = widget.LowImportance
	hint := widget.NewLabel(lang.L("Pictures found on web pages are asked for with the page's address, as a browser does; some sites refuse them otherwise."))
	hint.Wrapping = fyne.TextWrapWord
	hint.Importance = widget.LowImportance
	downloads := container.NewVBox(limits, split, widget.NewSeparator(), r.ui.clip.check, r.ui.archive.check(r.ui.prefs))
	if r.ui.tray != nil {
		// Without a tray icon, closing the window quits.
		downloads.Add(r.ui.tray.closing.check())
	}
	more := settings.More{
		Downloads: downloads,
		Pictures: container.NewVBox(r.fullSize, fullSizeHint(), r.skipSame, r.pageReferer, hint, widget.NewSeparator(), r.placement.box(), widget.NewSeparator(),
			widget.NewForm(widget.NewFormItem(lang.L("Longest time to read a page in the browser:"), newPageTimeoutSelect(r.ui)))),
		Network: r.ui.network,
		Prefs:   r.ui.prefs,
	}
	more.Schedule = r.ui.schedule.tab()
	if r.ui.watched != nil {
		more.Watched = r.ui.watched.tab()
	}
	more.Show(r.ui.settingsHost(), func() {
		r.closeMore()
		r.ui.schedule.closeMore()
	})
}

// row is "Save to: <folder> [Change…]  At once: [8]  Speed: [unlimited]";
// the other settings are under More….
func (r *settingsRow) row() fyne.CanvasObject {
	limits := container.NewHBox(r.change,
		widget.NewLabel(lang.L("At once:")), r.concurrency,
		widget.NewLabel(lang.L("Speed:")), container.NewGridWrap(fyne.NewSize(130, r.speed.MinSize().Height), r.speed))
	return container.NewBorder(nil, nil, widget.NewLabel(lang.L("Save to:")), limits, r.folder)
}

// apply hands the limits to the engine and remembers them. Downloads sent
// back to the queue by a lower "At once" are named in the intake line.
func (r *settingsRow) apply() {
	if n := r.ui.m.SetLimits(r.limits); n > 0 {
		r.ui.intake.set(lang.XN("intake.yielded", "{{.N}} downloads went back to the queue; they will continue from where they stopped", n, kit.Data{"N": n}), nil)
	}
	saveLimits(r.ui.prefs, r.limits)
}

// chooseFolder asks for the output folder (Ctrl+D).
func (r *settingsRow) chooseFolder() {
	newChooser(r.ui, lang.L("Choose the download folder"), true, nil, r.ui.m.Dir(), r.setFolder).show()
}

// setFolder makes dir the output folder for items not yet started, once
// it is checked: a folder Haul cannot write in is refused, and one without
// room for what is queued is taken with a warning. Both are explained,
// with a way to choose another.
func (r *settingsRow) setFolder(dir string) {
	s := r.ui.m.Summary()
	p := checkFolder(dir, max(s.Expected-s.Bytes, 0))
	if p.trouble == folderFine || p.trouble == folderNoSpace {
		if err := r.ui.holds.hold(dir); err != nil {
			p = folderProblemOf(dir, err)
		}
	}
	if p.trouble == folderReadOnly || p.trouble == folderUnusable || p.trouble == folderInUse {
		r.explainFolder(p)
		return
	}
	r.folder.SetPath(dir)
	r.ui.m.SetDir(dir)
	r.ui.prefs.SetString(prefDir, dir)
	r.explainFolder(p)
}

func speedLabel(bps int64) string {
	if bps <= 0 {
		return lang.L("unlimited")
	}
	return speedText(float64(bps))
}

func speedLabels() []string {
	out := make([]string, len(speedPresets))
	for i, bps := range speedPresets {
		out[i] = speedLabel(bps)
	}
	return out
}

// parseSpeed reads a speed limit typed by the user: "unlimited", "500 KB/s",
// "2MB", "1.5 mb/s". Zero means unlimited.
func parseSpeed(s string) (int64, bool) {
	if strings.EqualFold(strings.TrimSpace(s), lang.L("unlimited")) {
		return 0, true
	}
	return downloader.ParseSpeed(s)
}

func existsLabel(p downloader.ExistsPolicy) string {
	switch p {
	case downloader.KeepBoth:
		return lang.L("keep both")
	case downloader.Overwrite:
		return lang.L("replace it")
	}
	return lang.L("skip it")
}

func existsLabels() []string {
	out := make([]string, len(existsChoices))
	for i, p := range existsChoices {
		out[i] = existsLabel(p)
	}
	return out
}

// fullSizeHint says what "Save the full-size picture" does and where the
// user's own rules go.
func fullSizeHint() fyne.CanvasObject {
	hint := widget.NewLabel(lang.L("Links to a small copy of a picture (a thumbnail, a feed's picture) are saved as the full-size picture when Haul knows where the site keeps it and it really is larger. Your own rules go in picture-rules.txt in Haul's settings folder."))
	hint.Wrapping = fyne.TextWrapWord
	hint.Importance = widget.LowImportance
	return hint
}
