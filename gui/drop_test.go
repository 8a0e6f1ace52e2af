package gui

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"github.com/xuri/excelize/v2"
)

// uriList is what the window receives when a browser drops a text/uri-list:
// the desktop's windowing library reads the list as paths, %-escapes
// decoded, and Fyne makes each one a file URI.
func uriList(t *testing.T, list string) []fyne.URI {
	t.Helper()
	var uris []fyne.URI
	for _, line := range strings.Split(list, "\r\n") {
		if line != "" && !strings.HasPrefix(line, "#") {
			uris = append(uris, storage.NewFileURI(strings.ReplaceAll(line, "%20", " ")))
		}
	}
	return uris
}

func TestDroppedURIListAddsItsLinks(t *testing.T) {
	h := newHarness(t, nil)
	list := "# dragged from a web page\r\nhttps://pics.example/cat.jpg\r\nhttps://pics.example/my%20dog.png\r\nhttps://pics.example/cat.jpg\r\n"
	h.ui.intake.Dropped(fyne.NewPos(5, 5), uriList(t, list))
	if got, want := h.ui.intake.label.Text, "Added 2 links · 1 duplicate skipped"; got != want {
		t.Errorf("intake line = %q, want %q", got, want)
	}
	h.waitRows(2)
	for _, url := range []string{"https://pics.example/cat.jpg", "https://pics.example/my%20dog.png"} {
		if _, ok := h.view(url); !ok {
			t.Errorf("%s is not in the list", url)
		}
	}
}

func TestDroppedWebURIsFilesAndPictures(t *testing.T) {
	h := newHarness(t, nil)
	dir := t.TempDir()
	list := filepath.Join(dir, "more.txt")
	write(t, list, "https://pics.example/1.jpg\n")
	web, err := storage.ParseURI("https://pics.example/2.jpg")
	if err != nil {
		t.Fatal(err)
	}
	h.ui.intake.Dropped(fyne.NewPos(5, 5), []fyne.URI{web, storage.NewFileURI(list)})
	h.pump("the dropped list", func() bool { return strings.HasPrefix(h.ui.intake.label.Text, "Added 2") })
	h.waitRows(2)

	h.ui.intake.Dropped(fyne.NewPos(5, 5), []fyne.URI{storage.NewFileURI("https://pics.example/3.jpg"), storage.NewFileURI(filepath.Join(dir, "photo.png"))})
	if got := h.ui.intake.label.Text; !strings.HasPrefix(got, "Added 1 link · photo.png: not a list of links") {
		t.Errorf("intake line = %q", got)
	}
	h.waitRows(3)
}

func TestDroppedLink(t *testing.T) {
	web, _ := storage.ParseURI("https://a.example/x.jpg?q=1")
	tests := []struct {
		uri  fyne.URI
		want string
	}{
		{web, "https://a.example/x.jpg?q=1"},
		{storage.NewFileURI("https://a.example/my cat.jpg"), "https://a.example/my%20cat.jpg"},
		{storage.NewFileURI("HTTP://a.example/x"), "HTTP://a.example/x"},
		{storage.NewFileURI("/home/me/list.txt"), ""},
		{storage.NewFileURI("/home/me/https-notes.txt"), ""},
	}
	for _, tt := range tests {
		if got := droppedLink(tt.uri); got != tt.want {
			t.Errorf("droppedLink(%s) = %q, want %q", tt.uri, got, tt.want)
		}
	}
	links, rest := droppedLinks([]fyne.URI{web, storage.NewFileURI("/tmp/a.txt")})
	if !slices.Equal(links, []string{"https://a.example/x.jpg?q=1"}) || len(rest) != 1 {
		t.Errorf("droppedLinks: %q, %v", links, rest)
	}
}

func TestDroppedWorkbookAddsItsLinks(t *testing.T) {
	h := newHarness(t, nil)
	f := excelize.NewFile()
	defer f.Close()
	if err := f.SetSheetRow("Sheet1", "A1", &[]any{"Picture link", "https://pics.example/1.jpg"}); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellValue("Sheet1", "A2", "photo 2"); err != nil {
		t.Fatal(err)
	}
	if err := f.SetCellHyperLink("Sheet1", "A2", "https://pics.example/2.jpg", "External"); err != nil {
		t.Fatal(err)
	}
	book := filepath.Join(t.TempDir(), "links.xlsx")
	if err := f.SaveAs(book); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(t.TempDir(), "old.xls")
	write(t, old, "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
	h.ui.intake.Dropped(fyne.NewPos(5, 5), []fyne.URI{storage.NewFileURI(book), storage.NewFileURI(old)})
	h.pump("the dropped workbook", func() bool { return strings.HasPrefix(h.ui.intake.label.Text, "Added") })
	if got := h.ui.intake.label.Text; !strings.HasPrefix(got, "Added 2 links · ") || !strings.Contains(got, "save it as .xlsx in Excel") {
		t.Errorf("intake line = %q", got)
	}
	h.waitRows(2)
}
