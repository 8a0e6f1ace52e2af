package queue

import (
	"fmt"
	"os"
	"path/filepath"
)

// Holder is the program that holds an output folder, so that the one
// refused can say which it is.
type Holder string

// The programs that hold output folders.
const (
	// HolderGet is haul get.
	HolderGet Holder = "get"
	// HolderWindow is Haul's window.
	HolderWindow Holder = "window"
)

// InUseError says another running Haul holds the folder Dir; Holder is
// which program, "" when that is not known. It wraps ErrInUse.
type InUseError struct {
	Dir    string
	Holder Holder
}

func (e *InUseError) Error() string {
	if e.Holder == "" {
		return fmt.Sprintf("folder %s: %v", e.Dir, ErrInUse)
	}
	return fmt.Sprintf("folder %s: %v (%s)", e.Dir, ErrInUse, e.Holder)
}

func (e *InUseError) Unwrap() error { return ErrInUse }

// A program that takes a folder's lock writes which program it is into a
// note of its own, named after the folder's identity (folderKey) in the
// user's cache folder; a program refused reads it. The note may be an
// older holder's until the new holder writes it: it names no one but a
// known program.

// noteHolder notes that h holds dir, as well as it can.
func noteHolder(dir string, h Holder) {
	path, ok := holderNote(dir)
	if !ok || os.MkdirAll(filepath.Dir(path), 0o700) != nil {
		return
	}
	_ = os.WriteFile(path, []byte(h), 0o600) // without it, the refused program names no holder
}

// heldBy reads which program holds dir, "" when it is not known.
func heldBy(dir string) Holder {
	path, ok := holderNote(dir)
	if !ok {
		return ""
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	switch h := Holder(b); h {
	case HolderGet, HolderWindow:
		return h
	}
	return ""
}

// holderNote is where the note of which program holds dir is kept.
func holderNote(dir string) (string, bool) {
	key, err := folderKey(dir)
	if err != nil {
		return "", false
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", false
	}
	return filepath.Join(base, "haul", "holders", key), true
}
