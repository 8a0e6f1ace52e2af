//go:build !unix && !windows

package queue

import "os"

// lockFile is a no-op where the system offers no file locks.
func lockFile(string) (*os.File, error) { return nil, nil }

// lockFolder is a no-op where the system offers no file locks.
func lockFolder(string) (*os.File, error) { return nil, nil }

// folderKey cannot name folders where the system offers no file locks.
func folderKey(string) (string, error) { return "", os.ErrInvalid }
