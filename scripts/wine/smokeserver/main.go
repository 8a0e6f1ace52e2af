// Command smokeserver serves the files of the smoke test of Haul.exe under
// Wine on the loopback interface, and checks a folder Haul saved them into.
//
// Serving: it writes the list of links and, into a folder, the files a
// correct run saves under the names Windows accepts, then serves until it
// is interrupted. Among the 40 files are Chinese names, names Windows
// refuses (CON.jpg, aux, a trailing dot or space, a:b.jpg) and two links
// whose names differ only in letter case (Photo.jpg, photo.jpg).
//
// With -csv it also writes a second list as Excel and Notepad save a CSV on
// Chinese Windows: in GBK (GB18030), a header row "名称,链接", and links
// whose paths are Chinese as typed, not percent-encoded; the files of
// those links go into their own folder of expected files (-csvwant).
//
// Checking: every expected file is in the folder byte for byte (sha256)
// under its expected name, nothing else is there (no temporary files),
// and no two names differ only in case. Of the two links whose names
// differ in case, whichever answered second has the numbered name.
//
// Usage:
//
//	smokeserver -list FILE -want DIR [-csv FILE -csvwant DIR]
//	smokeserver -check DIR -want DIR
package main

import (
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/text/encoding/simplifiedchinese"

	"haul/downloader/downloadtest"
	"haul/downloader/naming"
	"haul/downloader/sniff"
)

// served is one file: where the server has it and what Haul must call it.
type served struct{ path, want string }

// count is how many files the test saves.
const count = 40

// files are the served files: names Windows refuses or that need care
// first, then Chinese and plain names up to count.
func files() []served {
	fs := []served{
		{"/a/CON.jpg", "CON_.jpg"},
		{"/a/aux", "aux_"},
		{"/a/nul.txt", "nul_.txt"},
		{"/a/COM1.png", "COM1_.png"},
		{"/a/lpt9", "lpt9_"},
		{"/a/trailing dot.", "trailing dot"},
		{"/a/trailing space ", "trailing space"},
		{"/a/a:b.jpg", "a_b.jpg"},
		{"/a/star*.png", "star_.png"},
		{"/a/pipe|quote\".gif", "pipe_quote_.gif"},
		{"/a/less<more>.jpg", "less_more_.jpg"},
		{"/a/照片 春天.png", "照片 春天.png"},
		{"/a/日本の写真.gif", "日本の写真.gif"},
		{"/a/Photo.jpg", "Photo.jpg"},
		{"/b/photo.jpg", "photo.jpg"},
	}
	for i := 1; len(fs) < count; i++ {
		name := fmt.Sprintf("picture-%02d.jpg", i)
		if i <= 10 {
			name = fmt.Sprintf("小猫-%02d.jpg", i)
		}
		fs = append(fs, served{"/c/" + name, name})
	}
	return fs
}

// chineseFiles are the files of the GBK list: Chinese folders and names,
// one with a space.
func chineseFiles() []served {
	var fs []served
	for i, name := range []string{"春天的小猫.jpg", "风景 照片.png", "小狗_第二张.gif", "猫咪-头像.webp", "夏天.jpeg", "秋天的树叶.png"} {
		fs = append(fs, served{fmt.Sprintf("/图片/相册%d/%s", i%2+1, name), name})
	}
	return fs
}

func main() {
	list := flag.String("list", "", "write the list of links to this file and serve")
	want := flag.String("want", "", "the folder of the files a correct run saves")
	csv := flag.String("csv", "", "also write a list in GBK, with Chinese paths, to this file")
	csvWant := flag.String("csvwant", "", "the folder of the files a correct run of the GBK list saves")
	check := flag.String("check", "", "check the files saved in this folder")
	flag.Parse()
	switch {
	case *want != "" && *check != "":
		n, err := checkFolder(*check, *want)
		if err != nil {
			log.Fatalf("smokeserver: %v", err)
		}
		fmt.Printf("%d files saved byte for byte (sha256), under names Windows accepts\n", n)
		fmt.Printf("%d files marked as downloaded from the internet (Zone.Identifier)\n", n)
	case *want != "" && *list != "" && (*csv == "") == (*csvWant == ""):
		serve(*list, *want, *csv, *csvWant)
	default:
		log.Fatal("usage: smokeserver -list FILE -want DIR [-csv FILE -csvwant DIR] | smokeserver -check DIR -want DIR")
	}
}

// serve registers the files, writes the lists and the expected files, and
// serves until interrupted.
func serve(list, want, csv, csvWant string) {
	srv := downloadtest.New()
	defer srv.Close()
	site := strings.TrimSuffix(srv.URL("/"), "/")
	var links []string
	for i, f := range files() {
		offer(srv, f, want, i)
		links = append(links, site+escapePath(f.path))
	}
	if err := os.WriteFile(list, []byte(strings.Join(links, "\r\n")+"\r\n"), 0o644); err != nil {
		log.Fatalf("write list %s: %v", list, err)
	}
	if csv != "" {
		rows := []string{"名称,链接"}
		for i, f := range chineseFiles() {
			offer(srv, f, csvWant, count+i)
			rows = append(rows, strings.TrimSuffix(f.want, filepath.Ext(f.want))+","+site+f.path)
		}
		gbk, err := simplifiedchinese.GBK.NewEncoder().String(strings.Join(rows, "\r\n") + "\r\n")
		if err != nil {
			log.Fatalf("write the GBK list: %v", err)
		}
		if err := os.WriteFile(csv, []byte(gbk), 0o644); err != nil {
			log.Fatalf("write list %s: %v", csv, err)
		}
	}
	fmt.Println("ready")
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
}

// offer serves f, the i-th file, and writes what a correct run saves of it
// into the folder want.
func offer(srv *downloadtest.Server, f served, want string, i int) {
	if err := os.MkdirAll(want, 0o755); err != nil {
		log.Fatal(err)
	}
	body := downloadtest.Data(30_000+i*7_000, int64(i+1))
	if sniff.ImageExtension(filepath.Ext(f.path)) {
		// A picture's name must hold a picture, or it is refused as none.
		body = downloadtest.PictureNamed(f.path, len(body), int64(i+1))
	}
	srv.Handle(f.path, body, downloadtest.Header("Content-Type", "application/octet-stream"))
	if err := os.WriteFile(filepath.Join(want, f.want), body, 0o644); err != nil {
		log.Fatalf("write expected %s: %v", f.want, err)
	}
}

// escapePath percent-encodes every byte of path but letters, digits,
// "-._~" and the slashes, so each link is one word in the list; a dot at
// the end is encoded too, or the list's reader takes it for a full stop.
func escapePath(path string) string {
	var b strings.Builder
	for i, c := range []byte(path) {
		switch {
		case c == '.' && i == len(path)-1:
			b.WriteString("%2E")
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte("-._~/", c) >= 0:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// checkFolder compares the folder got with the expected files in want and
// returns how many there are.
func checkFolder(got, want string) (int, error) {
	wantSums, err := sums(want)
	if err != nil {
		return 0, err
	}
	gotSums, err := sums(got)
	if err != nil {
		return 0, err
	}
	var problems []string
	if marked := zoneMarks(got); marked != len(wantSums) {
		problems = append(problems, fmt.Sprintf("%d files marked as downloaded from the internet, want %d", marked, len(wantSums)))
	}
	folded := map[string]string{}
	for name := range gotSums {
		if other, ok := folded[naming.Fold(name)]; ok {
			problems = append(problems, fmt.Sprintf("%q and %q differ only in case", name, other))
		}
		folded[naming.Fold(name)] = name
	}
	byContent := map[[32]byte]string{}
	for name, sum := range gotSums {
		byContent[sum] = name
	}
	for name, sum := range wantSums {
		have, ok := byContent[sum]
		switch {
		case !ok:
			problems = append(problems, fmt.Sprintf("%q is missing or differs from the served file", name))
		case have != name && have != naming.Numbered(name, 2):
			problems = append(problems, fmt.Sprintf("%q was saved as %q", name, have))
		}
	}
	if len(gotSums) != len(wantSums) {
		problems = append(problems, fmt.Sprintf("%d files in the folder, want %d", len(gotSums), len(wantSums)))
	}
	if len(problems) > 0 {
		return 0, errors.New(strings.Join(problems, "; "))
	}
	return len(wantSums), nil
}

// sums is the sha256 of every file in dir, by name.
func sums(dir string) (map[string][32]byte, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	out := map[string][32]byte{}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), zoneStream) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		out[e.Name()] = sha256.Sum256(b)
	}
	return out, nil
}

// zoneStream ends the name under which Wine keeps a file's Zone.Identifier
// stream: Windows keeps it inside the file, but Wine on a Linux folder
// writes a file "NAME:Zone.Identifier" beside it, which stays under the
// temporary file's name when the file is renamed.
const zoneStream = ":Zone.Identifier"

// zoneMarks counts the Zone.Identifier streams in dir that mark a file as
// downloaded from the internet (zone 3), as browsers mark theirs.
func zoneMarks(dir string) int {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), zoneStream) {
			continue
		}
		if b, err := os.ReadFile(filepath.Join(dir, e.Name())); err == nil && strings.Contains(string(b), "ZoneId=3") {
			n++
		}
	}
	return n
}
