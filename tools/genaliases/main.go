// Command genaliases writes the aliases by which a package names the words
// of its sub-packages, so that its callers need one import and nothing is
// written twice by hand: a new reason in package itemstate, say, is named
// by the engine as soon as the file is generated again.
//
// Usage, in a //go:generate line of the package:
//
//	go run ../tools/genaliases -o FILE
//
// The package's comment lines that start with "//genaliases:" list what
// to alias, SPEC after SPEC; each names a word of a sub-package PKG:
//
//	type:PKG.Name[=Alias]   a type alias, with the type's doc comment
//	consts:PKG.Type         every exported constant of that type
//	const:PKG.Name[,Name…]  named constants or variables, whatever their type
//	func:PKG.Name[=Alias]   a function that calls PKG.Name
//
// With -check DIR it generates again from the directive of the package in
// DIR and fails when the file differs: make test runs it.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func main() {
	out := flag.String("o", "", "file to write")
	check := flag.String("check", "", "package folder whose generated file must be up to date")
	flag.Parse()
	if *check != "" {
		if err := checkFolder(*check); err != nil {
			fmt.Fprintf(os.Stderr, "genaliases: %v\n", err)
			os.Exit(1)
		}
		return
	}
	if *out == "" {
		fmt.Fprintln(os.Stderr, "usage: genaliases -o FILE | genaliases -check DIR")
		os.Exit(2)
	}
	_, specs, err := directive(".")
	if err != nil {
		fmt.Fprintf(os.Stderr, "genaliases: %v\n", err)
		os.Exit(1)
	}
	src, err := generate(".", filepath.Base(mustAbs(".")), specs)
	if err == nil {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "genaliases: %v\n", err)
		os.Exit(1)
	}
}

func mustAbs(dir string) string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	return abs
}

// checkFolder generates the file of the package in dir again, from its
// //go:generate directive, and says whether it differs from the one there.
func checkFolder(dir string) error {
	out, specs, err := directive(dir)
	if err != nil {
		return err
	}
	want, err := generate(dir, filepath.Base(mustAbs(dir)), specs)
	if err != nil {
		return err
	}
	path := filepath.Join(dir, out)
	got, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !bytes.Equal(got, want) {
		return fmt.Errorf("%s is out of date: run go generate ./%s", path, filepath.ToSlash(filepath.Clean(dir)))
	}
	return nil
}

// directive finds the //go:generate line that runs genaliases in dir and
// the //genaliases: lines, and returns the output file and the specs.
func directive(dir string) (out string, specs []string, err error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return "", nil, err
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", nil, err
		}
		for line := range strings.SplitSeq(string(b), "\n") {
			if list, ok := strings.CutPrefix(line, "//genaliases:"); ok {
				specs = append(specs, strings.Fields(list)...)
				continue
			}
			if !strings.HasPrefix(line, "//go:generate ") || !strings.Contains(line, "genaliases") {
				continue
			}
			words := strings.Fields(line)
			for i, w := range words {
				if w == "-o" && i+1 < len(words) {
					out = words[i+1]
				}
			}
		}
	}
	if out == "" {
		return "", nil, fmt.Errorf("no //go:generate line runs genaliases in %s", dir)
	}
	return out, specs, nil
}
