//go:build !linux

package downloader

import (
	"fmt"
	"os"
)

// createUnnamedOS reports that this system cannot make a file without a
// name; small files then go through the part file.
func createUnnamedOS(dir string) (*os.File, error) {
	return nil, fmt.Errorf("create a file in %s: %w", dir, errNoUnnamed)
}

// linkUnnamed is never reached where createUnnamedOS always fails.
func linkUnnamed(*os.File, string) error { return errNoUnnamed }
