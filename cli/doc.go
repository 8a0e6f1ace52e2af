// Package cli is Haul's command line: "haul get" downloads a list of links
// without opening a window, printing progress, a summary and an exit code
// that scripts can rely on.
package cli
