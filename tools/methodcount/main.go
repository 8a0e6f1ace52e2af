// Command methodcount lists the types of a source tree that have more
// methods than a limit, and fails when there is any: a type with that many
// methods does more than one job and wants splitting into parts.
//
// Usage:
//
//	go run ./tools/methodcount [-max 40] [DIR]
//
// DIR (the current folder by default) is walked whole; test files, vendor
// and testdata folders, and folders whose names start with a dot are left
// out. Methods are counted per package and receiver type, pointer or not.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	limit := flag.Int("max", 40, "most methods a type may have")
	flag.Parse()
	root := "."
	if flag.NArg() > 0 {
		root = flag.Arg(0)
	}
	counts, err := countMethods(root)
	if err != nil {
		fmt.Fprintf(os.Stderr, "methodcount: %v\n", err)
		os.Exit(2)
	}
	over := overLimit(counts, *limit)
	for _, c := range over {
		fmt.Printf("%d %s.%s\n", c.methods, c.pkg, c.name)
	}
	if len(over) > 0 {
		fmt.Fprintf(os.Stderr, "methodcount: %d types have more than %d methods; split them into parts\n", len(over), *limit)
		os.Exit(1)
	}
}
