// Package cli is Haul's command line: "haul get" downloads a list of links
// without opening a window, printing progress, a summary and an exit code
// that scripts can rely on. It also holds the browser's side of Haul: the
// native messaging host the browser starts ("haul native-host"), "haul
// serve" (Haul without its window, which the host starts where no window
// can be shown) and "haul browser install" and "uninstall".
package cli
