package queue

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"haul/downloader"
	"haul/downloader/downloadtest"
)

// BenchmarkBatchJournal runs the same batch of small files with and without
// the queue journal: the difference is what saving the queue costs a
// running batch (the target is under 5%).
func BenchmarkBatchJournal(b *testing.B) {
	const files = 1000
	srv := downloadtest.New()
	defer srv.Close()
	urls := make([]string, files)
	for i := range urls {
		p := fmt.Sprintf("/f%05d.bin", i)
		srv.Handle(p, downloadtest.Data(8<<10, int64(i)))
		urls[i] = srv.URL(p)
	}
	for _, journal := range []bool{false, true} {
		b.Run(fmt.Sprintf("journal=%v", journal), func(b *testing.B) {
			for b.Loop() {
				dir := tempDir(b)
				m := downloader.New(downloader.Options{Dir: filepath.Join(dir, "out"), Limits: downloader.Limits{Concurrency: 16}})
				var store *Store
				if journal {
					var err error
					if store, _, _, err = Open(filepath.Join(dir, "queue.jsonl")); err != nil {
						b.Fatal(err)
					}
					m.Saved().SetJournal(store)
				}
				m.Add(urls...)
				if err := m.Start(context.Background()); err != nil {
					b.Fatal(err)
				}
				if s := m.Wait(); s.Done != files {
					b.Fatalf("summary %+v", s)
				}
				m.Stop()
				if store != nil {
					store.Close()
				}
			}
		})
	}
}
