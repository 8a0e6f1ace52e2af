package i18n

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"syscall"

	"github.com/dustin/go-humanize"

	"haul/downloader"
	"haul/downloader/links"
	"haul/downloader/pages"
	"haul/downloader/queue"
)

// SkipNote puts why an item was skipped into words; the zero Note is "".
func SkipNote(t Translator, n downloader.Note) string {
	d := Data{"Name": n.Name, "N": n.Count}
	switch n.Kind {
	case downloader.NoteInFolder:
		return t.X("note.infolder", d)
	case downloader.NoteSamePicture:
		return t.X("note.samepicture", d)
	case downloader.NoteSavedEarlier:
		return t.X("note.savedearlier", d)
	case downloader.NoteSavedBefore:
		return t.X("note.savedbefore", d)
	case downloader.NotePage:
		if n.Count == 0 {
			return t.X("note.page.none", nil)
		}
		if n.NotAdded > 0 {
			d["N"], d["NotAdded"], d["Max"] = humanize.Comma(int64(n.Count)), humanize.Comma(int64(n.NotAdded)), humanize.Comma(links.MaxRunLinks)
			return t.XN("note.page.notadded", n.Count, d)
		}
		return t.XN("note.page", n.Count, d)
	}
	return ""
}

// LinkReason puts why a line or link was not taken into words.
func LinkReason(t Translator, r links.Reason) string {
	switch r {
	case links.ReasonScheme:
		return t.X("link.scheme", nil)
	case links.ReasonNoLink:
		return t.X("link.nolink", nil)
	case links.ReasonNoHost:
		return t.X("link.nohost", nil)
	case links.ReasonInvalid:
		return t.X("link.invalid", nil)
	case links.ReasonPort:
		return t.X("link.port", nil)
	case links.ReasonTooLong:
		return t.X("link.toolong", nil)
	case links.ReasonRelative:
		return t.X("link.relative", nil)
	case links.ReasonEmpty:
		return t.X("link.empty", nil)
	case links.ReasonDuplicate:
		return t.X("link.duplicate", nil)
	case links.ReasonTooManyFromPattern:
		return t.X("link.pattern.toomany", nil)
	case links.ReasonListFull:
		return t.X("link.listfull", Data{"Max": humanize.Comma(links.MaxRunLinks)})
	}
	return string(r)
}

// PageProblem puts what went wrong with one page of a search for pictures into words.
func PageProblem(t Translator, p pages.Problem) string {
	switch p.Kind {
	case pages.ProblemBadAddress:
		return t.X("page.badaddress", Data{"Page": p.Page})
	case pages.ProblemNotPage:
		return t.X("page.notpage", Data{"Type": p.ContentType})
	case pages.ProblemLoop:
		return t.X("page.loop", Data{"Next": p.Next})
	case pages.ProblemCut:
		return t.X("page.cut", Data{"Size": humanize.IBytes(pages.MaxPageBytes)})
	}
	return t.X("page.unreadable", Data{"Error": ErrorText(t, p.Err)})
}

// QueueProblem puts what was wrong with the saved download list into words.
func QueueProblem(t Translator, p queue.Problem) string {
	d := Data{"N": p.Recovered, "File": filepath.Base(p.MovedTo)}
	if p.Recovered == 0 {
		return t.X("queue.damaged", d)
	}
	return t.XN("queue.recovered", p.Recovered, d)
}

// ErrorText puts an error into words: a refused list file, a page problem,
// a failure reason or a common file system error when it holds one, else
// the error's own text.
func ErrorText(t Translator, err error) string {
	var problem *pages.Problem
	var failure *downloader.ItemError
	var refused *links.FileError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &refused):
		return FileProblem(t, refused)
	case errors.As(err, &problem):
		return PageProblem(t, *problem)
	case errors.As(err, &failure):
		return Failure(t, failure)
	case errors.Is(err, context.Canceled):
		return t.X("error.canceled", nil)
	}
	var pathErr *fs.PathError
	if errors.As(err, &pathErr) {
		if problem, ok := systemText(t, pathErr.Err); ok {
			return t.X("error.path", Data{"Path": pathErr.Path, "Problem": problem})
		}
	}
	return err.Error()
}

// systemText words the file system errors people meet most.
func systemText(t Translator, err error) (string, bool) {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return t.X("error.notexist", nil), true
	case errors.Is(err, fs.ErrPermission):
		return t.X("error.permission", nil), true
	case errors.Is(err, syscall.ENOSPC):
		return t.X("error.diskfull", nil), true
	case errors.Is(err, syscall.EROFS):
		return t.X("error.readonly", nil), true
	}
	return "", false
}
