package render

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// workDirPrefix begins the name of every folder a browser Render started
// works in, so a later start finds the ones a killed Haul left.
const workDirPrefix = "haul-render-"

// workDir is the private folder one browser works in: its profile (which
// holds the site's cookies) and the temporary folder it is given instead
// of the system's, where Chromium puts its own org.chromium.Chromium.*
// folders. A lock held while the browser runs tells a live folder from
// one left behind.
type workDir struct {
	path string
	lock *os.File
}

// newWorkDir makes a work folder, first removing those a Haul that
// ended without cleaning up left behind.
func newWorkDir() (*workDir, error) {
	base := tempBase()
	RemoveLeftovers()
	path, err := os.MkdirTemp(base, workDirPrefix)
	if err != nil {
		return nil, fmt.Errorf("browser folder: %w", err)
	}
	w := &workDir{path: path}
	if w.lock, err = lockFile(w.lockPath(), true); err == nil {
		for _, sub := range []string{w.profile(), w.temp()} {
			if err = os.Mkdir(sub, 0o700); err != nil {
				break
			}
		}
	}
	if err != nil {
		w.remove()
		return nil, fmt.Errorf("browser folder: %w", err)
	}
	return w, nil
}

func (w *workDir) lockPath() string { return filepath.Join(w.path, "lock") }

// profile is the browser's user data folder.
func (w *workDir) profile() string { return filepath.Join(w.path, "profile") }

// temp is the browser's temporary folder.
func (w *workDir) temp() string { return filepath.Join(w.path, "tmp") }

// env is the environment that sends the browser's temporary files to
// temp: TMPDIR on Unix, TMP and TEMP on Windows.
func (w *workDir) env() []string {
	if runtime.GOOS == "windows" {
		return []string{"TMP=" + w.temp(), "TEMP=" + w.temp()}
	}
	return []string{"TMPDIR=" + w.temp()}
}

// remove ends what is left of the browser and removes the folder.
func (w *workDir) remove() {
	killBrowsersIn(w.path)
	if w.lock != nil {
		w.lock.Close()
	}
	removeAllRetry(w.path)
}

// removeAllRetry removes dir, trying again for a moment while a process of
// the browser that is ending still writes in it.
func removeAllRetry(dir string) {
	for try := 0; try < 20; try++ {
		if err := os.RemoveAll(dir); err == nil {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// leftoverAge is how old a work folder without a lock must be to be taken
// for a leftover: a younger one may be a starting Haul's that has not
// locked it yet.
const leftoverAge = time.Minute

// RemoveLeftovers removes the work folders of browsers that a Haul
// stopped by force (killed, or the computer turned off) left behind, with
// the profile that held a site's cookies. A folder whose browser still
// runs, under this Haul or another, is left alone.
func RemoveLeftovers() {
	entries, err := os.ReadDir(tempBase())
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), workDirPrefix) {
			removeIfLeftover(filepath.Join(tempBase(), e.Name()))
		}
	}
}

// removeIfLeftover removes dir when no running Haul holds its lock.
func removeIfLeftover(dir string) {
	w := &workDir{path: dir}
	lock, err := lockFile(w.lockPath(), false)
	if errors.Is(err, os.ErrNotExist) {
		if info, serr := os.Stat(dir); serr != nil || time.Since(info.ModTime()) < leftoverAge {
			return
		}
	} else if err != nil {
		return
	}
	w.lock = lock
	w.remove()
}

// tempBase is the folder work folders are made in: the system's temporary
// folder, or /tmp when that is too long a path for the browser's socket.
func tempBase() string {
	if dir := os.TempDir(); runtime.GOOS == "windows" || len(dir) <= maxTempDirLen {
		return dir
	}
	return "/tmp"
}
