// Command pickerserver serves a page of the content-first corpus, with its
// pictures, on the loopback interface, and writes the message the browser
// extension would hand Haul for it, framed for "haul native-host", for the
// screenshots of the picker (scripts/picker-shots.sh). The page's addresses
// are rewritten to the server's own, so the window needs no proxy. It
// prints "ready", then serves until it is interrupted.
package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"os"
	"os/signal"
	"regexp"
	"strings"
	"syscall"

	"haul/browser"
	"haul/downloader/pages/corpus"
)

func main() {
	dir := flag.String("corpus", "downloader/pages/testdata/corpus", "the corpus folder")
	name := flag.String("page", "news-seals", "the page of the corpus to hand over")
	out := flag.String("message", "", "write the framed message to this file")
	flag.Parse()
	if *out == "" {
		log.Fatal("usage: pickerserver -message FILE [-page NAME] [-corpus DIR]")
	}
	all, err := corpus.Load(*dir)
	if err != nil {
		log.Fatal(err)
	}
	srv := corpus.NewServer(all)
	defer srv.Close()
	var page *corpus.Page
	for i := range all {
		if all[i].Name == *name {
			page = &all[i]
		}
	}
	if page == nil {
		log.Fatalf("no page %s in %s", *name, *dir)
	}
	if err := os.WriteFile(*out, frame(message(srv, *page)), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Println("ready")
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
}

// message is what the extension hands over for p: every picture address
// the truth lists, drawn at its size, the page's markup and its title, at
// the server's own addresses.
func message(srv *corpus.Server, p corpus.Page) browser.Message {
	home := strings.TrimPrefix(p.URL, "http://")
	home = home[:strings.Index(home+"/", "/")]
	direct := func(u string) string { return srv.Direct(u, home) }
	html := regexp.MustCompile(`http://[^"'\s)<>]+`).ReplaceAllStringFunc(string(p.HTML), direct)
	m := browser.Message{Type: browser.TypePictures, Page: browser.Page{URL: direct(p.URL), Title: title(p.HTML)}, HTML: html,
		Drawn: map[string]browser.Size{}}
	for _, pic := range p.Pictures {
		c := pic.Copies[0]
		m.Links = append(m.Links, direct(c.URL))
		m.Drawn[direct(c.URL)] = browser.Size{Width: c.Width, Height: c.Height}
	}
	return m
}

// title is the page's title.
func title(html []byte) string {
	m := regexp.MustCompile(`(?is)<title>(.*?)</title>`).FindSubmatch(html)
	if m == nil {
		return ""
	}
	return string(m[1])
}

// frame puts m into native messaging's frame: its length, then JSON.
func frame(m browser.Message) []byte {
	body, err := json.Marshal(m)
	if err != nil {
		log.Fatal(err)
	}
	var b bytes.Buffer
	_ = binary.Write(&b, binary.LittleEndian, uint32(len(body)))
	b.Write(body)
	return b.Bytes()
}
