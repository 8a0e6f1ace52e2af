package throttle

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// KeepFor is how long a learned limit is used again.
const KeepFor = 24 * time.Hour

// kept is one site's learned limits, as saved.
type kept struct {
	AtOnce    int       `json:"at_once,omitempty"`
	PerSecond float64   `json:"per_second,omitempty"`
	Learned   time.Time `json:"learned"`
	// Day, Files and PerDay are the files a site with a limit a day gave
	// on that day (YYYY-MM-DD, local time), and the limit.
	Day    string `json:"day,omitempty"`
	Files  int    `json:"files,omitempty"`
	PerDay int    `json:"per_day,omitempty"`
}

// keptFile is the saved book.
type keptFile struct {
	Sites map[string]kept `json:"sites"`
}

// Load reads the limits saved at path and uses those learned less than
// KeepFor before now, and the files sites with a limit a day gave on
// now's day. A missing file is an empty book.
func (b *Book) Load(path string, now time.Time) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("read the sites' learned limits: %w", err)
	}
	var f keptFile
	if err := json.Unmarshal(data, &f); err != nil {
		return fmt.Errorf("read the sites' learned limits in %s: %w", path, err)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for key, k := range f.Sites {
		if k.Files > 0 && k.Day == dayKey(now) {
			s := b.site(key)
			s.day, s.files, s.perDay = dayStart(now), k.Files, max(k.PerDay, 0)
		}
		if now.Sub(k.Learned) >= KeepFor || k.AtOnce <= 0 && k.PerSecond <= 0 {
			continue
		}
		s := b.site(key)
		s.atOnce, s.perSecond, s.learned = max(k.AtOnce, 0), max(k.PerSecond, 0), k.Learned
		s.keep()
		s.probeEvery = firstProbe
		s.nextProbe = now.Add(firstProbe)
	}
	return nil
}

// kept is what of the site is saved at now, and whether anything is.
func (s *site) kept(now time.Time) (kept, bool) {
	var k kept
	if (s.keptAtOnce > 0 || s.keptPerSecond > 0) && now.Sub(s.learned) < KeepFor {
		k = kept{AtOnce: s.keptAtOnce, PerSecond: s.keptPerSecond, Learned: s.learned}
	}
	if files := s.filesToday(now); s.perDay > 0 && files > 0 {
		k.Day, k.Files, k.PerDay = dayKey(now), files, s.perDay
	}
	return k, !k.Learned.IsZero() || k.Files > 0
}

// Save writes the limits learned less than KeepFor before now to path,
// with the files that sites with a limit a day gave today, in place of
// what it held; with none, it removes path.
func (b *Book) Save(path string, now time.Time) error {
	f := keptFile{Sites: map[string]kept{}}
	b.mu.Lock()
	for key, s := range b.sites {
		if k, ok := s.kept(now); ok {
			f.Sites[key] = k
		}
	}
	b.mu.Unlock()
	if len(f.Sites) == 0 {
		if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("forget the sites' learned limits: %w", err)
		}
		return nil
	}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("save the sites' learned limits: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("save the sites' learned limits: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("save the sites' learned limits: %w", err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("save the sites' learned limits in %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("save the sites' learned limits in %s: %w", path, err)
	}
	return nil
}
