package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"haul/downloader/downloadtest"
)

func TestNumberedPatternSavesEveryFile(t *testing.T) {
	s := newServer(t)
	bodies := map[string][]byte{}
	for i := 1; i <= 20; i++ {
		name := fmt.Sprintf("p%02d.jpg", i)
		bodies[name] = downloadtest.Picture(2000, int64(i))
		s.Handle("/"+name, bodies[name])
	}
	out := filepath.Join(t.TempDir(), "out")
	r := runGet(t.Context(), "", "-o", out, s.URL("/")+"p[01-20].jpg")
	if r.code != exitOK {
		t.Fatalf("exit code %d, want 0\nstdout:\n%s\nstderr:\n%s", r.code, r.stdout, r.stderr)
	}
	checkFiles(t, out, bodies)
}

func TestPatternInListFileAndGlobOff(t *testing.T) {
	s := newServer(t)
	bodies := map[string][]byte{"a.bin": downloadtest.Data(100, 1), "b.bin": downloadtest.Data(100, 2)}
	for name, body := range bodies {
		s.Handle("/"+name, body)
	}
	literal := downloadtest.Data(100, 3)
	s.Handle("/{a,b}.bin", literal)

	out := filepath.Join(t.TempDir(), "out")
	if r := runGet(t.Context(), "", "-o", out, "-state", "off", writeList(t, s.URL("/")+"{a,b}.bin"+"\n")); r.code != exitOK {
		t.Fatalf("list file: exit code %d\n%s", r.code, r.stderr)
	}
	checkFiles(t, out, bodies)

	off := filepath.Join(t.TempDir(), "off")
	if r := runGet(t.Context(), "", "-o", off, "-state", "off", "-g", s.URL("/")+"{a,b}.bin"); r.code != exitOK {
		t.Fatalf("-g: exit code %d\n%s", r.code, r.stderr)
	}
	checkFiles(t, off, map[string][]byte{"{a,b}.bin": literal})
}

func TestPatternTooLargeIsRefused(t *testing.T) {
	r := runGet(t.Context(), "", "-o", t.TempDir(), "https://s.example/[1-1000]/[1-1000].jpg")
	if r.code != exitUsage {
		t.Fatalf("exit code %d, want %d", r.code, exitUsage)
	}
	if !strings.Contains(r.stderr, "more than 100,000 links") || !strings.Contains(r.stderr, "split it into smaller ranges") {
		t.Errorf("stderr does not explain the refusal:\n%s", r.stderr)
	}
}

func TestMoreLinksThanOneRunTakesAreRefused(t *testing.T) {
	var thirty strings.Builder
	for i := 1; i <= 30; i++ {
		fmt.Fprintf(&thirty, "http://127.0.0.1:9/g%02d/[000001-100000].jpg\n", i)
	}
	tests := []struct {
		name   string
		inputs []string
		count  string
	}{
		{"thirty patterns in one list", []string{writeList(t, thirty.String())}, "3,000,000"},
		{"inputs together", []string{"http://127.0.0.1:9/a/[1-100000].jpg", writeList(t, "http://127.0.0.1:9/b/[1-60000].jpg\nhttp://127.0.0.1:9/c/[1-40001].jpg\n")}, "200,001"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			r := runGet(t.Context(), "", append([]string{"-o", out}, tt.inputs...)...)
			if r.code != exitUsage {
				t.Fatalf("exit code %d, want %d\n%s", r.code, exitUsage, r.stderr)
			}
			want := "the links given stand for " + tt.count + " links together, more than the 200,000 one run takes: split them into lists of at most 200,000 links"
			if !strings.Contains(r.stderr, want) {
				t.Errorf("stderr does not say %q:\n%s", want, r.stderr)
			}
			if _, err := os.Stat(out); err == nil {
				t.Errorf("the folder was made for a refused run")
			}
		})
	}
}
