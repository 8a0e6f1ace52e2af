package appstore

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"

	"fyne.io/fyne/v2"
)

// preferencesFile is the preferences' file, named as Fyne names it, in
// Fyne's format (a JSON object), so that Fyne's file moves over as it is.
const preferencesFile = "preferences.json"

// Preferences are the window's preferences, kept in preferences.json in
// a folder; each change is written at once, whole, by a rename.
type Preferences struct {
	path      string
	mu        sync.Mutex
	values    map[string]any
	listeners []func()
}

var _ fyne.Preferences = (*Preferences)(nil)

// OpenPreferences reads the preferences kept in dir. A file that cannot be
// read leaves every preference at its default, and is replaced at the
// first change.
func OpenPreferences(dir string) (*Preferences, error) {
	p := &Preferences{path: filepath.Join(dir, preferencesFile), values: map[string]any{}}
	values, err := readValues(p.path)
	if errors.Is(err, os.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return p, err
	}
	p.values = values
	return p, nil
}

// readValues reads a preferences file.
func readValues(path string) (map[string]any, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	values := map[string]any{}
	if err := json.Unmarshal(b, &values); err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	return values, nil
}

// get is the value of key as a T, or fallback.
func get[T any](p *Preferences, key string, fallback T) T {
	p.mu.Lock()
	v, ok := p.values[key]
	p.mu.Unlock()
	if !ok {
		return fallback
	}
	if t, ok := as[T](v); ok {
		return t
	}
	return fallback
}

// getList is the list of key as a []T, or fallback.
func getList[T any](p *Preferences, key string, fallback []T) []T {
	p.mu.Lock()
	v, ok := p.values[key]
	p.mu.Unlock()
	if !ok {
		return fallback
	}
	if l, ok := v.([]T); ok {
		return append([]T(nil), l...)
	}
	items, ok := v.([]any)
	if !ok {
		return fallback
	}
	out := make([]T, len(items))
	for i, item := range items {
		if out[i], ok = as[T](item); !ok {
			return fallback
		}
	}
	return out
}

// as reads v as a T: a whole number JSON gave back as a float64 reads as
// an int, and an int as a float64.
func as[T any](v any) (T, bool) {
	var zero T
	switch any(zero).(type) {
	case int:
		if f, ok := v.(float64); ok {
			v = int(f)
		}
	case float64:
		if i, ok := v.(int); ok {
			v = float64(i)
		}
	}
	t, ok := v.(T)
	return t, ok
}

// set changes key (removes it when remove), writes the file and tells the
// listeners.
func (p *Preferences) set(key string, value any, remove bool) {
	p.mu.Lock()
	if remove {
		delete(p.values, key)
	} else {
		p.values[key] = value
	}
	err := p.write()
	listeners := append([]func(){}, p.listeners...)
	p.mu.Unlock()
	if err != nil {
		fyne.LogError("Haul could not save its settings", err)
	}
	for _, l := range listeners {
		l()
	}
}

// write writes the preferences whole into a new file that then takes the
// file's place, so that the file is never left half written.
func (p *Preferences) write() error {
	b, err := json.Marshal(p.values)
	if err != nil {
		return fmt.Errorf("save %s: %w", p.path, err)
	}
	if err := os.MkdirAll(filepath.Dir(p.path), 0o700); err != nil {
		return fmt.Errorf("save %s: %w", p.path, err)
	}
	tmp := p.path + ".new"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("save %s: %w", p.path, err)
	}
	if err := os.Rename(tmp, p.path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("save %s: %w", p.path, err)
	}
	return nil
}
