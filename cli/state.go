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
// but since deleted are downloaded again, and failed ones are tried again.
// It returns what to close after the run: the store, or only the hold on
// the output folder when state is off, so that two runs never download
// into one folder at once, whichever keeps a queue.
func openState(cfg config, m *downloader.Manager, links []string, stderr io.Writer) (io.Closer, error) {
	path := cfg.state
	if path == stateOff {
		held, err := queue.HoldFolder(cfg.dir, queue.HolderGet)
		if err != nil {
			return nil, folderError(cfg.dir, err)
		}
		return held, nil
	}
	if path == "" {
		var err error
		if path, err = defaultStatePath(cfg.dir); err != nil {
			return nil, err
		}
	}
	store, problem, err := queue.OpenLazy(path)
	if errors.Is(err, queue.ErrInUse) && cfg.state != "" {
		return nil, errors.New(tr().X("cli.state.inuse.given", i18n.Data{"State": path}))
	}
	if errors.Is(err, queue.ErrInUse) {
		return nil, errors.New(tr().X("cli.state.inuse", i18n.Data{"Dir": cfg.dir}))
	}
	if err != nil {
		return nil, err
	}
	if err := store.LockFolder(cfg.dir, queue.HolderGet); err != nil {
		store.Close()
		return nil, folderError(cfg.dir, err)
	}
	if problem != nil {
		fmt.Fprintf(stderr, "haul get: %s\n", i18n.QueueProblem(tr(), *problem))
	}
	if err := restoreRun(m, store, path, links, cfg.dir); err != nil {
		store.Close()
		return nil, err
	}
	m.Saved().SetJournal(store)
	return store, nil
}

// folderError words a failure to hold the output folder dir.
func folderError(dir string, err error) error {
	var inUse *queue.InUseError
	switch {
	case errors.As(err, &inUse) && inUse.Holder == queue.HolderWindow:
		return errors.New(tr().X("cli.folder.inuse.window", i18n.Data{"Dir": dir}))
	case errors.Is(err, queue.ErrInUse):
		return errors.New(tr().X("cli.folder.inuse", i18n.Data{"Dir": dir}))
	}
	return errors.New(tr().X("cli.folder.unusable", i18n.Data{"Dir": dir, "Error": i18n.ErrorText(tr(), errors.Unwrap(err))}))
}

// restoreRun restores into m the saved records of this run's links, read
// from the store one at a time, as a run of the same list again: a file
// saved earlier is skipped without a request, one saved but since deleted
// is downloaded again, and a failed or canceled one gets a fresh set of
// tries, resuming its partial file. The links are matched by their
// canonical form, so links with non-ASCII characters are found. A queue
// belongs to its output folder dir: a record of these links that names
// another folder (the same -state file given with another -o, or a
// hand-edited one) stops the restore with an error saying what to do. The
// queue's other records tell m which files are other links'.
func restoreRun(m *downloader.Manager, store *queue.Store, path string, links []string, dir string) error {
	wanted := make(map[string]bool, len(links))
	for _, l := range links {
		if key, ok := downloader.CanonicalLink(l); ok {
			wanted[key] = true
		}
	}
	root, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("resume state for %s: %w", dir, err)
	}
	var other string
	m.Saved().RestoreFrom(func(yield func(downloader.Record) bool) {
		err = store.Each(func(r downloader.Record) bool {
			key, ok := downloader.CanonicalLink(r.URL)
			if !ok || !wanted[key] {
				m.NoteQueuedFile(r) // another link's file: not this run's to skip for
				return true
			}
			if folder, inside := recordFolder(r, root); !inside {
				other = folder
				return false
			}
			return yield(r)
		})
	}, downloader.AsRerun)
	if other != "" {
		return errors.New(tr().X("cli.state.otherfolder", i18n.Data{"State": path, "Folder": other, "Dir": dir}))
	}
	return err
}

// recordFolder says whether the record r saves into the output folder
// root (itself, or the page's folder r names inside it), and returns the
// output folder it names otherwise. A record that names no folder yet
// is inside.
func recordFolder(r downloader.Record, root string) (folder string, inside bool) {
	if r.Dir == "" {
		return "", true
	}
	at, err := filepath.Abs(r.Dir)
	if err != nil {
		return r.Dir, false
	}
	if at == filepath.Join(root, r.Subdir) {
		return "", true
	}
	if r.Subdir != "" && filepath.Base(at) == r.Subdir {
		return filepath.Dir(at), false
	}
	return at, false
}
