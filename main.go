// Command haul downloads many files at once: "haul get" on the command
// line, or a window for everyone else.
package main

import (
	"context"
	"fmt"
	"os"

	"haul/cli"
)

func main() {
	args := os.Args[1:]
	command := ""
	if len(args) > 0 {
		command = args[0]
	}
	switch command {
	case "get":
		attachConsole()
		os.Exit(cli.Get(context.Background(), args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "version":
		attachConsole()
		fmt.Println("haul", appVersion())
	case "-h", "-help", "--help", "help":
		attachConsole()
		cli.Usage(os.Stdout)
	default:
		os.Exit(runWindow(args))
	}
}
