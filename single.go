package main

import (
	"os"

	"haul/cli"
)

// handToRunning hands the lists or links a launch was given (none: it
// only brings the window forward) to the Haul that already runs. handed
// says one runs, and the caller then ends with code instead of opening a
// second window on the same queue.
func handToRunning(args []string) (code int, handed bool) {
	return cli.HandOver(args, os.Stderr)
}
