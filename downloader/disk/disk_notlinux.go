//go:build !linux

package disk

import (
	"fmt"
	"os"
)

// CanSyncFS says this system can flush a whole file system in one call;
// elsewhere each file is synced on its own.
const CanSyncFS = false

func syncFS(f *os.File) error { return f.Sync() }

func fileSystemOf(*os.File) uint64 { return 0 }

// CreateUnnamedOS reports that this system cannot make a file without a
// name; small files then go through the part file.
func CreateUnnamedOS(dir string) (*os.File, error) {
	return nil, fmt.Errorf("create a file in %s: %w", dir, ErrNoUnnamed)
}

// linkUnnamed is never reached where CreateUnnamedOS always fails.
func linkUnnamed(*os.File, string) error { return ErrNoUnnamed }
