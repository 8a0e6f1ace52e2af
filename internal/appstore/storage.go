package appstore

import (
	"fmt"
	"os"
	"path/filepath"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
)

// Storage is the window's folder of files, as fyne.Storage.
type Storage struct {
	dir string
}

var _ fyne.Storage = Storage{}

// NewStorage is the folder dir as the window's storage; it is made when
// missing.
func NewStorage(dir string) (Storage, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Storage{}, fmt.Errorf("make the folder of Haul's settings: %w", err)
	}
	return Storage{dir: dir}, nil
}

// RootURI is the folder.
func (s Storage) RootURI() fyne.URI { return storage.NewFileURI(s.dir) }

// uri is the file name in the folder.
func (s Storage) uri(name string) fyne.URI { return storage.NewFileURI(filepath.Join(s.dir, name)) }

// Create makes the file name, which must not exist yet, for writing.
func (s Storage) Create(name string) (fyne.URIWriteCloser, error) {
	if _, err := os.Lstat(filepath.Join(s.dir, name)); err == nil {
		return nil, fmt.Errorf("create %s: %w", name, os.ErrExist)
	}
	return storage.Writer(s.uri(name))
}

// Open opens the file name for reading.
func (s Storage) Open(name string) (fyne.URIReadCloser, error) { return storage.Reader(s.uri(name)) }

// Save opens the file name for writing, making it when missing.
func (s Storage) Save(name string) (fyne.URIWriteCloser, error) { return storage.Writer(s.uri(name)) }

// Remove deletes the file name.
func (s Storage) Remove(name string) error { return storage.Delete(s.uri(name)) }

// List names the files in the folder.
func (s Storage) List() []string {
	entries, err := os.ReadDir(s.dir)
	if err != nil {
		return nil
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
