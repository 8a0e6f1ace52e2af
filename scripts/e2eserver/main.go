// Command e2eserver serves pictures on the loopback interface for the
// end-to-end test of Haul's window. It writes the list of links to open,
// copies of the files a correct run must save, and then serves until it is
// interrupted.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"image"
	"image/color"
	"image/png"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"haul/downloader/downloadtest"
)

func main() {
	list := flag.String("list", "", "write the list of links to this file")
	want := flag.String("want", "", "write the files a correct run saves into this folder")
	count := flag.Int("n", 24, "how many pictures to serve")
	flag.Parse()
	if *list == "" || *want == "" {
		log.Fatal("usage: e2eserver -list FILE -want DIR [-n COUNT]")
	}
	srv := downloadtest.New()
	defer srv.Close()
	if err := prepare(srv, *list, *want, *count); err != nil {
		log.Fatal(err)
	}
	fmt.Println("ready")
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
}

// prepare registers count pictures, a broken link and a login page served
// for a picture, writes the list and the expected files.
func prepare(srv *downloadtest.Server, list, want string, count int) error {
	if err := os.MkdirAll(want, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", want, err)
	}
	// The two broken links come first, so their rows are on screen.
	srv.Handle("/gallery/missing.png", nil, downloadtest.Status(404))
	// A site that answers a picture link with a web page.
	srv.Handle("/gallery/private.jpg", []byte("<!doctype html><title>Members only</title><p>Please log in.</p>"),
		downloadtest.Header("Content-Type", "text/html; charset=utf-8"))
	links := []string{srv.URL("/gallery/missing.png"), srv.URL("/gallery/private.jpg")}
	for i := range count {
		name := fmt.Sprintf("kitten-%02d.png", i+1)
		if i == 0 {
			name = "kitten-小猫.png" // a Chinese file name, saved and shown as is
		}
		body, err := picture(name)
		if err != nil {
			return err
		}
		srv.Handle("/gallery/"+name, body, downloadtest.Throttle(400_000))
		links = append(links, srv.URL("/gallery/"+name))
		if err := os.WriteFile(filepath.Join(want, name), body, 0o644); err != nil {
			return fmt.Errorf("write expected %s: %w", name, err)
		}
	}
	if err := os.WriteFile(list, []byte(strings.Join(links, "\n")+"\n"), 0o644); err != nil {
		return fmt.Errorf("write list %s: %w", list, err)
	}
	return nil
}

// picture draws a 256×256 PNG whose colours depend on name, padded with
// noise so each download takes a moment to watch.
func picture(name string) ([]byte, error) {
	h := fnv.New32a()
	h.Write([]byte(name))
	seed := h.Sum32()
	img := image.NewNRGBA(image.Rect(0, 0, 256, 256))
	for y := range 256 {
		for x := range 256 {
			v := uint32(x*y) ^ seed>>uint(x%8)
			img.Set(x, y, color.NRGBA{R: uint8(seed + v), G: uint8(seed>>8 + uint32(y)), B: uint8(seed>>16 + uint32(x)), A: 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, fmt.Errorf("draw %s: %w", name, err)
	}
	return b.Bytes(), nil
}
