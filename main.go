// Command haul downloads many files at once: "haul get" on the command
// line, or a window for everyone else.
package main

import (
	"context"
	"fmt"
	"os"

	"haul/browser"
	"haul/cli"
	"haul/downloader"
)

func main() {
	setProcessors()
	downloader.SetVersion(appVersion())
	args := os.Args[1:]
	if browser.StartedByBrowser(args) {
		args = append([]string{"native-host"}, args...)
	}
	command := ""
	if len(args) > 0 {
		command = args[0]
	}
	switch command {
	case "get":
		attachConsole()
		os.Exit(cli.Get(context.Background(), args[1:], os.Stdin, os.Stdout, os.Stderr))
	case "watch":
		attachConsole()
		os.Exit(cli.Watch(context.Background(), args[1:], os.Stdout, os.Stderr))
	case "native-host":
		// The browser reads the replies on stdout: no console is attached.
		os.Exit(cli.NativeHost(context.Background(), args[1:], os.Stdin, os.Stdout, os.Stderr, cli.HostOptions{Window: canOpenWindow()}))
	case "browser":
		attachConsole()
		os.Exit(cli.Browser(args[1:], os.Stdout, os.Stderr))
	case "serve":
		attachConsole()
		os.Exit(cli.Serve(context.Background(), args[1:], os.Stdout, os.Stderr))
	case "close-running":
		attachConsole()
		os.Exit(cli.CloseRunning(context.Background(), args[1:], os.Stdout, os.Stderr))
	case "version":
		attachConsole()
		fmt.Println("haul", appVersion())
	case "-h", "-help", "--help", "help":
		attachConsole()
		cli.Usage(os.Stdout)
	default:
		if code, handed := handToRunning(args); handed {
			os.Exit(code)
		}
		os.Exit(runWindow(args))
	}
}
