//go:build unix

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"haul/browser"
	"haul/downloader"
	"haul/instance"
)

// TestBrowserHearsHowManyTheFullListLeftOut hands the extension's
// messages, through the native host, to a haul serve whose list holds at
// most 3 links: the reply of each says how many links were added, how
// many were not, and why, in one note.
func TestBrowserHearsHowManyTheFullListLeftOut(t *testing.T) {
	dir, err := os.MkdirTemp("", "haul") // a short path: a socket's is limited
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	socket := filepath.Join(dir, "run", "haul.sock")
	l, err := instance.Listen(socket)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(func() {
		cancel()
		l.Close()
	})
	m := downloader.New(downloader.Options{Dir: t.TempDir(), MaxLinks: 3}) // never started: nothing is fetched
	taker := &serveTaker{ctx: t.Context(), m: m, stderr: io.Discard, received: make(chan struct{}, 1)}
	go instance.Serve(ctx, l, taker.take)

	links := func(from, to int) []string {
		var out []string
		for i := from; i <= to; i++ {
			out = append(out, fmt.Sprintf("http://127.0.0.1:1/p%d.jpg", i))
		}
		return out
	}
	tests := []struct {
		name string
		msg  browser.Message
		want browser.Reply
	}{
		{"room for all", browser.Message{Type: browser.TypeLinks, Links: links(1, 2)}, browser.Reply{OK: true, Added: 2}},
		{"a page's pictures past the cap", browser.Message{Type: browser.TypePictures, Page: browser.Page{URL: "http://127.0.0.1:1/gallery"}, Links: links(3, 7)},
			browser.Reply{OK: true, Added: 1, NotAdded: 4,
				Note: "Haul's list is full (200,000 links), so 4 links were not added: send them again once Haul has saved the links it holds"}},
		{"a full list", browser.Message{Type: browser.TypeLinks, Links: links(8, 8)},
			browser.Reply{OK: true, Added: 0, NotAdded: 1,
				Note: "Haul's list is full (200,000 links), so 1 link was not added: send it again once Haul has saved the links it holds"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var in, out, stderr bytes.Buffer
			if err := browser.WriteFrame(&in, tt.msg); err != nil {
				t.Fatal(err)
			}
			if code := NativeHost(ctx, []string{browser.ChromeOrigin()}, &in, &out, &stderr, HostOptions{Socket: socket}); code != exitOK {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			body, err := browser.ReadFrame(&out, 1<<20)
			if err != nil {
				t.Fatal(err)
			}
			var got browser.Reply
			if err := json.Unmarshal(body, &got); err != nil || got != tt.want {
				t.Errorf("reply %s (%v)\nwant  %+v", body, err, tt.want)
			}
		})
	}
	if total := m.Summary().Total; total != 3 {
		t.Errorf("the list holds %d links, want 3", total)
	}
}
