package archive

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// holds takes a look-up's answer, failing the test when the archive could
// not be read.
func holds(t *testing.T) func(held bool, err error) bool {
	return func(held bool, err error) bool {
		t.Helper()
		if err != nil {
			t.Errorf("the archive could not be read: %v", err)
		}
		return held
	}
}

func TestArchiveRemembersAndForgets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "a.sqlite")
	a, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	at := time.Unix(1700000000, 0)
	if err := a.Add(Entry{Link: "http://127.0.0.1/a.jpg", Sum: "aa", Page: "http://127.0.0.1/", At: at}); err != nil {
		t.Fatal(err)
	}
	if err := a.Add(Entry{Link: "http://127.0.0.1/b.bin", At: at}); err != nil {
		t.Fatal(err)
	}
	a.Close()
	a, err = Open(path) // what was recorded is on the disk
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	cases := []struct {
		name string
		got  bool
		want bool
	}{
		{"saved link", holds(t)(a.HasLink("http://127.0.0.1/a.jpg")), true},
		{"other link", holds(t)(a.HasLink("http://127.0.0.1/c.jpg")), false},
		{"saved picture", holds(t)(a.HasPicture("aa")), true},
		{"no hash is no picture", holds(t)(a.HasPicture("")), false},
		{"other picture", holds(t)(a.HasPicture("bb")), false},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	e, ok := a.Lookup("http://127.0.0.1/a.jpg")
	if !ok || e.Page != "http://127.0.0.1/" || !e.At.Equal(at) || e.Sum != "aa" {
		t.Errorf("lookup: %+v %v", e, ok)
	}
	n, err := a.Forget("http://127.0.0.1/a.jpg", "http://127.0.0.1/never.jpg")
	if err != nil || n != 1 {
		t.Fatalf("forget: %d %v, want 1", n, err)
	}
	if holds(t)(a.HasLink("http://127.0.0.1/a.jpg")) || holds(t)(a.HasPicture("aa")) {
		t.Error("a forgotten link is still known")
	}
	if c, _ := a.Count(); c != 1 {
		t.Errorf("count %d, want 1", c)
	}
}

func TestFoldersKeepOneArchivePerFolder(t *testing.T) {
	one, two := t.TempDir(), t.TempDir()
	f := NewFolders(t.TempDir())
	defer f.Close()
	if err := f.Remember(one, "http://127.0.0.1/a.jpg", "aa", ""); err != nil {
		t.Fatal(err)
	}
	if !holds(t)(f.HasLink(one, "http://127.0.0.1/a.jpg")) || !holds(t)(f.HasPicture(one, "aa")) {
		t.Error("the folder's archive lost its link")
	}
	if holds(t)(f.HasLink(two, "http://127.0.0.1/a.jpg")) || holds(t)(f.HasPicture(two, "aa")) {
		t.Error("another folder knows the link")
	}
	blocked := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocked, nil, 0o644)
	if f := NewFolders(blocked); holds(t)(f.HasLink(one, "http://127.0.0.1/a.jpg")) || f.Err(one) == nil {
		t.Error("an archive under a file opened")
	}
	if n, err := f.ForgetOpen("http://127.0.0.1/a.jpg"); n != 1 || err != nil {
		t.Errorf("forget everywhere: %d %v", n, err)
	}
	if n, err := f.Forget(one, "http://127.0.0.1/a.jpg"); n != 0 || err != nil {
		t.Errorf("forget after forgetting: %d %v", n, err)
	}
}

func TestArchiveServesManyAtOnce(t *testing.T) {
	a, err := Open(filepath.Join(t.TempDir(), "a.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	o := NewOne(a)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 50 {
				link := fmt.Sprintf("http://127.0.0.1/%d/%d.jpg", w, i)
				if err := o.Remember("", link, fmt.Sprint(w, i), ""); err != nil {
					t.Error(err)
					return
				}
				if !holds(t)(o.HasLink("elsewhere", link)) {
					t.Errorf("%s not known after it was recorded", link)
				}
			}
		})
	}
	wg.Wait()
	if n, _ := a.Count(); n != 400 {
		t.Errorf("count %d, want 400", n)
	}
}

func TestLinksWhoseHashesClashAreBothKept(t *testing.T) {
	a, err := Open(filepath.Join(t.TempDir(), "a.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	const link = "http://127.0.0.1/b.jpg"
	// Another link whose hash is the same holds the row id already.
	if _, err := a.db.Exec(`INSERT INTO saved(id, link, at) VALUES(?, ?, 0)`, key(link), "http://127.0.0.1/other.jpg"); err != nil {
		t.Fatal(err)
	}
	if holds(t)(a.HasLink(link)) {
		t.Fatal("a link is known by its hash alone")
	}
	if err := a.Add(Entry{Link: link, Sum: "bb"}); err != nil {
		t.Fatal(err)
	}
	if n, _ := a.Count(); !holds(t)(a.HasLink(link)) || !holds(t)(a.HasPicture("bb")) || n != 2 {
		t.Errorf("one of two links of one hash is lost (%d held)", n)
	}
	if n, err := a.Forget(link); n != 1 || err != nil {
		t.Errorf("forget: %d %v", n, err)
	}
	if n, _ := a.Count(); holds(t)(a.HasLink(link)) || n != 1 {
		t.Error("forget took the wrong link")
	}
}
