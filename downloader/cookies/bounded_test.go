package cookies

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// sparseFile makes a file of size bytes that takes no room on disk.
func sparseFile(t *testing.T, path string, size int64) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString("# Netscape HTTP Cookie File\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(size); err != nil {
		t.Fatal(err)
	}
}

func TestReadFileRefusesWhatIsNoCookiesFile(t *testing.T) {
	dir := t.TempDir()
	large := filepath.Join(dir, "cookies.txt")
	sparseFile(t, large, 300<<20)
	folder := filepath.Join(dir, "folder.txt")
	if err := os.Mkdir(folder, 0o700); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		kind Kind
	}{
		{large, TooLarge},
		{folder, NotAFile},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			cs, err := ReadFile(tt.path)
			if !isKind(err, tt.kind) || cs != nil {
				t.Fatalf("ReadFile = %d cookies, %v; want kind %d", len(cs), err, tt.kind)
			}
			if !strings.Contains(err.Error(), tt.path) {
				t.Errorf("%q does not name the file", err)
			}
		})
	}
}

func TestReadFileTakesTheLargestAllowed(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cookies.txt")
	cookie := ".example.com\tTRUE\t/\tFALSE\t0\tk\tv\n"
	comment := "#" + strings.Repeat("c", 64<<10-2) + "\n"
	body := cookie + strings.Repeat(comment, (MaxFileSize-2*len(cookie))/len(comment))
	body += strings.Repeat("#", MaxFileSize-len(body)-len(cookie)-1) + "\n" + cookie
	if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	cs, err := ReadFile(path)
	if err != nil || len(cs) != 2 || len(body) != MaxFileSize {
		t.Fatalf("%d cookies, %v", len(cs), err)
	}
}

func TestBrowserStoreTooLargeIsRefusedAndNotCopied(t *testing.T) {
	home := t.TempDir()
	sparseFile(t, filepath.Join(home, ".mozilla/firefox/abcd.default/cookies.sqlite"), MaxDatabaseSize+1)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	_, err := FromBrowser(Source{Browser: "firefox", Home: home})
	var e *Error
	if !isKind(err, TooLarge) || !asError(err, &e) || e.Browser != "firefox" || e.Limit != MaxDatabaseSize {
		t.Fatalf("err = %v, want TooLarge for firefox", err)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("left in the temporary folder: %v", left)
	}
}

func asError(err error, e **Error) bool {
	var ok bool
	*e, ok = err.(*Error)
	return ok
}
