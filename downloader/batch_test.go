package downloader

import (
	"fmt"
	"path/filepath"
	"testing"

	"haul/downloader/downloadtest"
)

// TestThousandLinksWithFaults is the acceptance batch: 20% of links answer
// 503 twice (Retry-After: 1), 20% cut their body once; every file must end
// byte-identical with no part file left.
func TestThousandLinksWithFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("long batch")
	}
	srv := newServer(t)
	bodies := map[string][]byte{}
	var urls []string
	for i := range 1000 {
		name := fmt.Sprintf("img%04d.jpg", i)
		body := downloadtest.Picture(8<<10+i, int64(i))
		var opts []downloadtest.Option
		switch i % 5 {
		case 0:
			opts = append(opts, downloadtest.FailFirst(2, 503, "1"))
		case 1:
			opts = append(opts, downloadtest.CutBody(int64(len(body)/3), 1))
		}
		srv.Handle("/"+name, body, opts...)
		bodies[name] = body
		urls = append(urls, srv.URL("/"+name))
	}
	dir := t.TempDir()
	o := testOptions(dir)
	o.Concurrency = 16
	m := New(o)
	addAll(t, m, urls...)
	s := runAll(t, m)
	if s.Done != 1000 || s.Total != 1000 {
		t.Fatalf("summary %+v", s)
	}
	for name, body := range bodies {
		if fileSum(t, filepath.Join(dir, name)) != sum256(body) {
			t.Fatalf("%s differs", name)
		}
	}
	if parts := partFiles(t, dir); len(parts) != 0 {
		t.Errorf("parts left: %v", parts)
	}
}

// TestCutEveryTimeFinishesByResuming serves bodies that always break at
// the same point when fetched from byte 0: only resuming can finish them.
func TestCutEveryTimeFinishesByResuming(t *testing.T) {
	srv := newServer(t)
	bodies := map[string][]byte{}
	var urls []string
	for i := range 50 {
		name := fmt.Sprintf("p%02d.png", i)
		body := downloadtest.PictureNamed(name, 200<<10, int64(i))
		srv.Handle("/"+name, body, downloadtest.CutBody(50<<10, -1))
		bodies[name] = body
		urls = append(urls, srv.URL("/"+name))
	}
	dir := t.TempDir()
	m := New(testOptions(dir))
	addAll(t, m, urls...)
	if s := runAll(t, m); s.Done != 50 {
		t.Fatalf("summary %+v", s)
	}
	for name, body := range bodies {
		if fileSum(t, filepath.Join(dir, name)) != sum256(body) {
			t.Fatalf("%s differs", name)
		}
	}
}
