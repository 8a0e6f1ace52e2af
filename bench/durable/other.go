//go:build !linux

// Command durable is the benchmark's floor for durable small-file saves;
// it needs Linux (files without a name, syncfs).
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "durable: this benchmark tool runs on Linux only")
	os.Exit(1)
}
