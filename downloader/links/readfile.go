package links

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/dustin/go-humanize"
)

// MaxFileSize is the largest list file ReadFile accepts, in bytes (50 MB).
const MaxFileSize = 50_000_000

// ErrNotText is matched (with errors.Is) by the error ReadFile returns for a
// file that is not text, such as an image opened by mistake.
var ErrNotText = errors.New("not a text file")

// ErrTooLarge is matched (with errors.Is) by the error ReadFile returns for a
// file larger than MaxFileSize.
var ErrTooLarge = errors.New("file too large")

// FileProblem says why a list file was refused, as a stable code; the words
// come from the catalogues of package haul/i18n.
type FileProblem string

// The reasons a list file is refused, and the FileError fields each uses.
const (
	// FileIsFolder is a folder opened as a list.
	FileIsFolder FileProblem = "folder"
	// FileNotText is a file that is not text (Looks).
	FileNotText FileProblem = "not-text"
	// FileTooLarge is a file over MaxFileSize (Size).
	FileTooLarge FileProblem = "too-large"
	// FileBadWorkbook is a workbook that could not be read (Detail).
	FileBadWorkbook FileProblem = "workbook"
	// FileLockedWorkbook is a workbook with a password, or not one Haul can read.
	FileLockedWorkbook FileProblem = "workbook-locked"
	// FileOldExcel is an Excel 97-2003 workbook.
	FileOldExcel FileProblem = "old-excel"
	// FileOpenDocument is an OpenDocument spreadsheet.
	FileOpenDocument FileProblem = "opendocument"
	// FileTooManyLinks is a list that stands for more links than intake
	// takes at once, MaxRunLinks (Links).
	FileTooManyLinks FileProblem = "too-many-links"
	// FileWorkbookTooLarge is a workbook holding more cells, shared texts
	// or XML than Haul reads (MaxWorkbookCells, MaxSharedStrings,
	// MaxWorkbookXML).
	FileWorkbookTooLarge FileProblem = "workbook-too-large"
)

// FileError is a refused list file: the problem and its parameters, never a
// sentence. It matches one of the sentinel errors above with errors.Is.
type FileError struct {
	// Name is the file's name, without its folder.
	Name    string
	Problem FileProblem
	// Looks is what a file that is not text seems to be: image, video,
	// audio, pdf, archive or binary.
	Looks string
	// Size is the size of a file that is too large.
	Size int64
	// Links is how many links a list of too many stands for.
	Links int64
	// Detail is the spreadsheet reader's own words.
	Detail string
	kind   error
}

// Error describes the refusal for logs.
func (e *FileError) Error() string {
	s := fmt.Sprintf("%q: %s", e.Name, e.Problem)
	switch {
	case e.Looks != "":
		s += " (" + e.Looks + ")"
	case e.Links > 0:
		s += " (" + humanize.Comma(e.Links) + " links, limit " + humanize.Comma(MaxRunLinks) + ")"
	case e.Size > 0:
		s += " (" + humanize.Bytes(uint64(e.Size)) + ", limit " + humanize.Bytes(MaxFileSize) + ")"
	case e.Detail != "":
		s += " (" + e.Detail + ")"
	}
	return s
}

// Unwrap gives the sentinel error the refusal matches.
func (e *FileError) Unwrap() error { return e.kind }

// ReadFile reads a .txt, .csv, .md, .html/.htm (or any text) file, or an
// Excel workbook (.xlsx, .xlsm), and extracts its links. HTML is read with an HTML tokenizer; .csv and .tsv
// files are read row by row, cell by cell; other text as with Extract. Files
// that are not text, or larger than MaxFileSize, are refused with an error
// that names the file and says what to do.
func ReadFile(path string) (Result, error) {
	return ReadFileWith(path, Options{})
}

// ReadFileWith is ReadFile with options.
func ReadFileWith(path string, opt Options) (Result, error) {
	name := filepath.Base(path)
	f, err := os.Open(path)
	if err != nil {
		return Result{}, fmt.Errorf("open list %s: %w", name, err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return Result{}, fmt.Errorf("open list %s: %w", name, err)
	}
	if info.IsDir() {
		return Result{}, &FileError{Name: name, Problem: FileIsFolder, kind: ErrNotText}
	}
	if info.Size() > MaxFileSize {
		return Result{}, tooLarge(name, info.Size())
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return Result{}, fmt.Errorf("read list %s: %w", name, err)
	}
	return ReadDataWith(name, data, opt)
}

// ReadDataWith reads the bytes of a list named name, such as standard
// input, as ReadFileWith reads a file's: a workbook, or text of any of its
// encodings; bytes that are not a list are refused the same way.
func ReadDataWith(name string, data []byte, opt Options) (Result, error) {
	if len(data) > MaxFileSize {
		return Result{}, tooLarge(name, int64(len(data)))
	}
	if res, ok, err := readSpreadsheet(name, data, opt); ok {
		if err != nil {
			return res, err
		}
		return tooMany(name, res)
	}
	text, notText := decodeText(data, opt.Legacy)
	if notText != "" {
		return Result{}, &FileError{Name: name, Problem: FileNotText, Looks: notText, kind: ErrNotText}
	}
	switch ext := strings.ToLower(filepath.Ext(name)); {
	case ext == ".html", ext == ".htm", ext == ".xhtml", looksLikeHTMLDocument(text):
		return tooMany(name, extractHTML(text, opt))
	case ext == ".csv":
		return tooMany(name, extractText(text, csvDelimiter(text), opt))
	case ext == ".tsv":
		return tooMany(name, extractText(text, '\t', opt))
	}
	return tooMany(name, extractText(text, 0, opt))
}

// tooMany refuses a list that stands for more links than intake takes.
func tooMany(name string, res Result) (Result, error) {
	if res.TooMany > 0 {
		return Result{}, &FileError{Name: name, Problem: FileTooManyLinks, Links: res.TooMany, kind: ErrTooLarge}
	}
	return res, nil
}

func tooLarge(name string, size int64) error {
	return &FileError{Name: name, Problem: FileTooLarge, Size: size, kind: ErrTooLarge}
}

// looksLikeHTMLDocument reports whether text starts like a web page, so a
// saved page is read as HTML whatever its file name.
func looksLikeHTMLDocument(text string) bool {
	s := strings.TrimLeft(strings.TrimPrefix(text, bom), " \t\r\n")
	if len(s) > 20 {
		s = s[:20]
	}
	s = strings.ToLower(s)
	return strings.HasPrefix(s, "<!doctype html") || strings.HasPrefix(s, "<html")
}

// csvDelimiter returns the cell separator of a CSV file: a comma, or a
// semicolon when the first line has semicolons but no commas (as spreadsheet
// programs write in many countries).
func csvDelimiter(text string) byte {
	first := strings.TrimLeft(strings.TrimPrefix(text, bom), " \t\r\n")
	if i := strings.IndexAny(first, "\r\n"); i >= 0 {
		first = first[:i]
	}
	if strings.IndexByte(first, ',') < 0 && strings.IndexByte(first, ';') >= 0 {
		return ';'
	}
	return ','
}
