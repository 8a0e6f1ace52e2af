// Command importcheck fails when a package below the engine imports the
// engine package itself, directly or through another package: the parts
// under haul/downloader/ never reach back up to the Manager, and the
// packages named with -also (haul/instance, whose doc promises it) never
// reach the engine at all.
//
// Usage:
//
//	go run ./tools/importcheck [-engine haul/downloader] [-also haul/instance]
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
)

func main() {
	engine := flag.String("engine", "haul/downloader", "the engine package")
	also := flag.String("also", "haul/instance", "comma-separated packages that must not import the engine either")
	flag.Parse()
	pkgs := []string{*engine + "/..."}
	if *also != "" {
		pkgs = append(pkgs, strings.Split(*also, ",")...)
	}
	bad, err := check(*engine, pkgs)
	if err != nil {
		fmt.Fprintf(os.Stderr, "importcheck: %v\n", err)
		os.Exit(2)
	}
	for _, b := range bad {
		fmt.Fprintln(os.Stderr, b)
	}
	if len(bad) > 0 {
		fmt.Fprintf(os.Stderr, "importcheck: %d packages import %s; take what they need as values or small interfaces instead\n", len(bad), *engine)
		os.Exit(1)
	}
}

// check lists the packages among pkgs, other than engine, whose imports
// (direct or not) include engine.
func check(engine string, pkgs []string) ([]string, error) {
	args := append([]string{"list", "-f", "{{.ImportPath}} {{join .Deps \" \"}}"}, pkgs...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	var bad []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || fields[0] == engine {
			continue
		}
		if slices.Contains(fields[1:], engine) {
			bad = append(bad, fields[0]+" imports "+engine)
		}
	}
	return bad, sc.Err()
}
