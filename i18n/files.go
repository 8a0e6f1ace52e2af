package i18n

import (
	"github.com/dustin/go-humanize"

	"haul/downloader/links"
)

// FileProblem puts why a list file was refused into words.
func FileProblem(t Translator, e *links.FileError) string {
	d := TooManyLinksData(e.Links)
	for k, v := range (Data{"Name": e.Name, "Size": humanize.Bytes(uint64(max(e.Size, 0))), "Limit": humanize.Bytes(links.MaxFileSize),
		"Detail": e.Detail, "Cells": humanize.Comma(links.MaxWorkbookCells), "Strings": humanize.Comma(links.MaxSharedStrings)}) {
		d[k] = v
	}
	switch e.Problem {
	case links.FileTooManyLinks:
		return t.X("file.toomanylinks", d)
	case links.FileWorkbookTooLarge:
		return t.X("file.workbooktoolarge", d)
	case links.FileIsFolder:
		return t.X("file.folder", d)
	case links.FileNotText:
		d["Looks"] = looksText(t, e.Looks)
		return t.X("file.nottext", d)
	case links.FileTooLarge:
		return t.X("file.toolarge", d)
	case links.FileLockedWorkbook:
		return t.X("file.workbooklocked", d)
	case links.FileOldExcel:
		return t.X("file.oldexcel", d)
	case links.FileOpenDocument:
		return t.X("file.opendocument", d)
	}
	return t.X("file.workbook", d)
}

// TooManyLinksData is what the words for a list of too many links say:
// how many it stands for (N) and how many Haul takes at once (Max).
func TooManyLinksData(n int64) Data {
	return Data{"N": humanize.Comma(n), "Max": humanize.Comma(links.MaxRunLinks)}
}

// looksText names what a file that is not text seems to be.
func looksText(t Translator, looks string) string {
	switch looks {
	case "image":
		return t.X("file.looks.image", nil)
	case "video":
		return t.X("file.looks.video", nil)
	case "audio":
		return t.X("file.looks.audio", nil)
	case "pdf":
		return t.X("file.looks.pdf", nil)
	case "archive":
		return t.X("file.looks.archive", nil)
	}
	return t.X("file.looks.binary", nil)
}

// ListFullData is what the words for an addition that would take the list
// past the links Haul holds at once say: how many links it stands for (N),
// how many the list holds (Held), the cap (Max) and the room left (Room).
func ListFullData(n int64, held int) Data {
	d := TooManyLinksData(n)
	d["Held"] = humanize.Comma(int64(held))
	d["Room"] = humanize.Comma(int64(max(links.MaxRunLinks-held, 0)))
	return d
}
