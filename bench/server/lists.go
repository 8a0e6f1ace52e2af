package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
)

// listPaths are the files the server writes into its folder for workload N:
// the URL list (one per line), the expected sha256 of every file in
// sha256sum format, and the control endpoint's base URL.
type listPaths struct {
	urls, manifest, control string
}

// pathsIn names workload id's files in dir.
func pathsIn(dir string, id int) listPaths {
	base := filepath.Join(dir, fmt.Sprintf("w%d", id))
	return listPaths{urls: base + ".urls", manifest: base + ".sha256", control: base + ".control"}
}

// writeLists writes the URL list and the sha256 manifest of b's workload.
func writeLists(p listPaths, b *bench) error {
	err := writeAtomic(p.urls, func(w *bufio.Writer) {
		for i := range b.w.files {
			fmt.Fprintln(w, b.srv.URL(b.w.path(i)))
		}
	})
	if err != nil {
		return err
	}
	return writeAtomic(p.manifest, func(w *bufio.Writer) {
		for i, body := range b.bodies {
			sum := sha256.Sum256(body)
			fmt.Fprintf(w, "%s  %s\n", hex.EncodeToString(sum[:]), b.w.fileName(i))
		}
	})
}

// writeAtomic writes a file through fill and renames it into place, so a
// reader never sees it half-written.
func writeAtomic(path string, fill func(*bufio.Writer)) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	w := bufio.NewWriter(f)
	fill(w)
	err = w.Flush()
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}
