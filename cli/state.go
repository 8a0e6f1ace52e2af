package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"haul/downloader"
	"haul/downloader/queue"
	"haul/i18n"
)

// stateOff turns the resume state off: -state off.
const stateOff = "off"

// defaultStatePath is where a run into dir keeps its queue: one file per
// output folder in the user's config folder, so that running the same
// command again finds it, and the output folder holds only downloads.
func defaultStatePath(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("resume state for %s: %w", dir, err)
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("resume state: no config folder (%w); use -state FILE or -state off", err)
	}
	sum := sha256.Sum256([]byte(abs))
	return filepath.Join(base, "haul", "get", hex.EncodeToString(sum[:8])+".jsonl"), nil
}

// openState opens the resume state of cfg and restores into m the items of
// this run's links: unfinished ones resume from their partial files, files
// saved by an earlier run count as skipped without a request, and ones saved
// but since deleted are downloaded again. It
// returns the store to close after the run (nil when state is off).
func openState(cfg config, m *downloader.Manager, links []string, stderr io.Writer) (*queue.Store, error) {
	path := cfg.state
	if path == stateOff {
		return nil, nil
	}
	if path == "" {
		var err error
		if path, err = defaultStatePath(cfg.dir); err != nil {
			return nil, err
		}
	}
	store, recs, problem, err := queue.Open(path)
	if errors.Is(err, queue.ErrInUse) {
		return nil, fmt.Errorf("another haul get is already downloading into %s; wait for it to finish, or give this run its own -state FILE", cfg.dir)
	}
	if err != nil {
		return nil, err
	}
	if problem != nil {
		fmt.Fprintf(stderr, "haul get: %s\n", i18n.QueueProblem(tr(), *problem))
	}
	wanted := make(map[string]bool, len(links))
	for _, l := range links {
		wanted[l] = true
	}
	var mine []downloader.Record
	for _, r := range recs {
		if !wanted[r.URL] {
			continue
		}
		if r.State == downloader.Done.String() {
			if _, err := os.Stat(filepath.Join(r.Dir, r.Name)); err == nil {
				r.State = downloader.Skipped.String()
				r.Note = downloader.Note{Kind: downloader.NoteSavedEarlier, Name: r.Name}
			} else {
				r = downloader.Record{URL: r.URL, State: downloader.Queued.String()}
			}
		}
		mine = append(mine, r)
	}
	m.Restore(mine)
	m.SetJournal(store)
	return store, nil
}
