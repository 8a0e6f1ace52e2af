//go:build !unix

package openfiles

// Limit is 0 where the system sets no per-process limit on open files
// that Haul can read (Windows): nothing is capped.
func Limit() int { return 0 }
