// Command checkpe checks that a Windows executable is what Haul ships: a
// 64-bit (PE32+) x86-64 program for the GUI subsystem, so no console window
// flashes up, with an icon, a manifest and version information embedded.
//
// Usage:
//
//	go run ./tools/checkpe [-version 0.2.0] Haul.exe
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	version := flag.String("version", "", "version the embedded version information must contain")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: checkpe [-version V] FILE.exe")
		os.Exit(2)
	}
	path := flag.Arg(0)
	exe, err := inspect(path)
	if err == nil {
		err = exe.check(*version)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "checkpe: %s: %v\n", path, err)
		os.Exit(1)
	}
	fmt.Printf("%s: PE32+ x86-64, GUI subsystem, with %s\n", path, exe.resourceNames())
}
