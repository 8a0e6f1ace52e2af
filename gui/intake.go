package gui

import (
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/lang"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/downloader/links"
	"haul/gui/kit"
	"haul/i18n"
)

// listExtensions are the files accepted as lists of links.
var listExtensions = []string{".txt", ".csv", ".tsv", ".html", ".htm", ".md", ".xlsx", ".xlsm", ".xls", ".ods"}

// intakeLine is how links come into the window: pasted, dropped
// (drop.go), opened from lists, or handed over by another launch or the
// browser (handover.go); and the one short line that says what the last
// add did, with a button that lists the lines that were not links, or
// one for what the line tells of (the folder new pictures went to).
type intakeLine struct {
	ui       *UI
	label    *kit.TipLabel
	show     *widget.Button
	action   *widget.Button
	problems []links.Problem
}

func newIntakeLine(u *UI) *intakeLine {
	l := &intakeLine{ui: u, label: kit.NewTipLabel()}
	l.show = widget.NewButtonWithIcon(lang.L("Show"), theme.ListIcon(), l.showProblems)
	l.show.Hide()
	l.action = widget.NewButton("", nil)
	l.action.Hide()
	return l
}

func (l *intakeLine) row() fyne.CanvasObject {
	return container.NewBorder(nil, nil, nil, container.NewHBox(l.show, l.action), l.label)
}

// intakeResult sums up one add: from the clipboard, from one or more files,
// or from the list saved by the last run.
type intakeResult struct {
	added, duplicates int
	problems          []links.Problem
	errors            []string
	// restored counts the items brought back from the last run; resume says
	// some of them are unfinished and wait for Start.
	restored int
	resume   bool
	// patterns counts the numbered patterns expanded, fromPatterns the
	// links they stood for.
	patterns, fromPatterns int
	// revived counts the failed links found again and tried again.
	revived int
	// listFull counts the links not added because the list was full;
	// pictures says they were pictures chosen on a page.
	listFull int
	pictures bool
}

// Paste adds the links found in the clipboard's text (Ctrl+V).
func (l *intakeLine) Paste() {
	u := l.ui
	text := u.app.Clipboard().Content()
	u.clip.pasted(text)
	u.intake.AddText(text)
}

// AddText picks the links out of text and queues them.
func (l *intakeLine) AddText(text string) {
	u := l.ui
	var r intakeResult
	res, held := u.intake.extract(text)
	u.intake.queue(res, &r, held)
	if r.added == 0 && r.duplicates == 0 && r.listFull == 0 && len(r.problems) == 0 && len(r.errors) == 0 {
		u.intake.set(lang.L("No links found in the clipboard. Copy some links, then paste again."), nil)
		return
	}
	u.intake.showAdded(r)
}

// showAdded says what adding links gave, in the intake line, and shows the
// tab that holds the links added.
func (l *intakeLine) showAdded(r intakeResult) {
	u := l.ui
	u.intake.set(r.message(), r.problems)
	if r.added > 0 {
		u.filter.showAdded()
	}
}

// Dropped adds the links and list files dropped on the window, such as a
// link or picture dragged from a browser; other files are named in the
// intake line.
func (l *intakeLine) Dropped(_ fyne.Position, uris []fyne.URI) {
	u := l.ui
	webLinks, uris := droppedLinks(uris)
	var paths, refused []string
	for _, uri := range uris {
		if uri.Scheme() == "file" && isListFile(uri.Path()) {
			paths = append(paths, uri.Path())
		} else {
			refused = append(refused, uri.Name())
		}
	}
	u.intake.addDropped(webLinks, paths, refused)
}

// OpenList asks for a list file and adds its links (Ctrl+O). It starts
// in the folder used last.
func (l *intakeLine) OpenList() {
	u := l.ui
	start := ""
	if recent := u.prefs.StringList(prefRecentFolders); len(recent) > 0 {
		start = recent[0]
	} else if home, err := os.UserHomeDir(); err == nil {
		start = home
	}
	newChooser(u, lang.L("Open a list of links"), false, listExtensions, start, func(path string) {
		u.intake.AddFiles([]string{path})
	}).show()
}

// AddFiles reads list files in the background and queues their links; the
// intake line reports on all of them together.
func (l *intakeLine) AddFiles(paths []string) {
	u := l.ui
	u.intake.addFiles(paths, intakeResult{})
}

// addFiles is AddFiles with a report that starts from r.
func (l *intakeLine) addFiles(paths []string, r intakeResult) {
	u := l.ui
	if len(paths) == 0 {
		return
	}
	go func() {
		r := u.intake.readFiles(paths, r)
		u.do(func() { u.intake.showAdded(r) })
	}()
}

// readFiles reads list files, or the links a launch was given (haul URL),
// and queues their links; it adds what came of it to r. It may run on any
// goroutine, and takes as long as the files take to read.
func (l *intakeLine) readFiles(paths []string, r intakeResult) intakeResult {
	u := l.ui
	for _, p := range paths {
		opt := u.intake.readOptions()
		res, err := readArg(p, opt)
		if err != nil {
			r.errors = append(r.errors, fileErrorText(err, opt.Taken))
			continue
		}
		u.intake.queue(res, &r, opt.Taken)
	}
	return r
}

// readArg reads one list file, or the links of an argument that is a link
// rather than a file ("haul https://…"): one that reads as a web address
// and names no file.
func readArg(arg string, opt links.Options) (links.Result, error) {
	if strings.Contains(arg, "://") {
		if _, err := os.Stat(arg); err != nil {
			return links.ExtractWith(arg, opt), nil
		}
	}
	return links.ReadFileWith(arg, opt)
}

// queue adds a result's links to the engine and counts what happened. A
// text that would take a list of held links past the links Haul holds at
// once adds none.
func (l *intakeLine) queue(res links.Result, r *intakeResult, held int) {
	u := l.ui
	if res.TooMany > 0 {
		r.errors = append(r.errors, tooManyText(res.TooMany, held))
		return
	}
	r.duplicates += res.Duplicates
	r.problems = append(r.problems, res.Problems...)
	r.patterns += res.Patterns
	r.fromPatterns += res.FromPatterns
	r.count(u.m.Add(res.Links...))
	if len(res.Places) > 0 {
		downloader.EditList(u.m).Place(res.Places)
	}
}

// count adds what the engine did with a batch of links to the report; the
// links a full list left out are counted, to be told of once.
func (r *intakeResult) count(ids []downloader.ID, rejected []downloader.Rejected) {
	r.added += len(ids)
	for _, rej := range rejected {
		switch {
		case rej.Duplicate:
			r.duplicates++
		case rej.Reason == links.ReasonListFull:
			r.listFull++
		default:
			r.problems = append(r.problems, links.Problem{Text: downloader.ShownLink(rej.URL), Reason: rej.Reason})
		}
	}
}

// message is the intake line, e.g. "Added 1,204 links · 37 duplicates
// skipped · 3 lines were not links", or "Restored 1,204 links from last
// time · press Start to continue".
func (r intakeResult) message() string {
	var parts []string
	if r.restored > 0 {
		parts = append(parts, lang.XN("intake.restored", "Restored {{.N}} links from last time", r.restored, kit.Data{"N": humanize.Comma(int64(r.restored))}))
	}
	if r.restored == 0 || r.added > 0 || r.duplicates > 0 || len(r.problems) > 0 {
		parts = append(parts, lang.XN("intake.added", "Added {{.N}} links", r.added, kit.Data{"N": humanize.Comma(int64(r.added))}))
	}
	if r.listFull > 0 {
		parts = append(parts, listFullText(r.listFull, r.pictures))
	}
	if p := r.patternPart(); p != "" {
		parts = append(parts, p)
	}
	if r.revived > 0 {
		parts = append(parts, lang.XN("intake.revived", "{{.N}} failed downloads tried again", r.revived, kit.Data{"N": humanize.Comma(int64(r.revived))}))
	}
	if r.duplicates > 0 {
		parts = append(parts, lang.XN("intake.duplicates", "{{.N}} duplicates skipped", r.duplicates, kit.Data{"N": humanize.Comma(int64(r.duplicates))}))
	}
	if n := len(r.problems); n > 0 {
		parts = append(parts, lang.XN("intake.problems", "{{.N}} lines were not links", n, kit.Data{"N": humanize.Comma(int64(n))}))
	}
	parts = append(parts, r.errors...)
	if r.resume {
		parts = append(parts, lang.L("press Start to continue"))
	}
	return strings.Join(parts, " · ")
}

// set shows a message, with [Show] when some lines were not links.
func (l *intakeLine) set(msg string, problems []links.Problem) {
	l.label.SetText(msg)
	l.problems = problems
	kit.Visible(l.show, len(problems) > 0)
	l.action.Hide()
}

// setWithAction shows msg with a button that does what it offers.
func (l *intakeLine) setWithAction(msg, label string, icon fyne.Resource, action func()) {
	l.set(msg, nil)
	l.action.SetText(label)
	l.action.SetIcon(icon)
	l.action.OnTapped = action
	l.action.Show()
}

// showProblems lists every rejected line with its number and reason.
func (l *intakeLine) showProblems() {
	lines := make([]string, len(l.problems))
	for i, p := range l.problems {
		lines[i] = problemText(p)
	}
	list := widget.NewList(
		func() int { return len(lines) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(id widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(lines[id]) },
	)
	d := dialog.NewCustom(lang.L("Lines that were not links"), lang.L("Close"), list, l.ui.win)
	size := l.ui.win.Canvas().Size()
	d.Resize(fyne.NewSize(min(size.Width-40, 720), min(size.Height-40, 420)))
	l.ui.showDialog(d)
}

// problemText is one rejected line: "Line 12: ftp://x — only http and https links can be downloaded".
func problemText(p links.Problem) string {
	if p.Line <= 0 {
		return lang.X("intake.problem.noline", "{{.Text}} — {{.Reason}}", kit.Data{"Text": p.Text, "Reason": i18n.LinkReason(kit.Tr, p.Reason)})
	}
	return lang.X("intake.problem", "Line {{.Line}}: {{.Text}} — {{.Reason}}", kit.Data{"Line": p.Line, "Text": p.Text, "Reason": i18n.LinkReason(kit.Tr, p.Reason)})
}

func isListFile(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	for _, e := range listExtensions {
		if ext == e {
			return true
		}
	}
	return false
}
