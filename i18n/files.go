package i18n

import (
	"github.com/dustin/go-humanize"

	"haul/downloader/links"
)

// FileProblem puts why a list file was refused into words.
func FileProblem(t Translator, e *links.FileError) string {
	d := Data{"Name": e.Name, "Size": humanize.Bytes(uint64(max(e.Size, 0))), "Limit": humanize.Bytes(links.MaxFileSize), "Detail": e.Detail}
	switch e.Problem {
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
