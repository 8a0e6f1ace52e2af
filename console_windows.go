package main

import (
	"os"

	"golang.org/x/sys/windows"
)

// attachParentProcess is ATTACH_PARENT_PROCESS: attach to the console of the
// process that started Haul.
const attachParentProcess = ^uint32(0)

// procAttachConsole is kernel32's AttachConsole, which x/sys/windows does not wrap.
var procAttachConsole = windows.NewLazySystemDLL("kernel32.dll").NewProc("AttachConsole")

// attachConsole lets Haul.exe, a GUI-subsystem program that Windows starts
// without a console, print to the Command Prompt or PowerShell window it was
// started from, so "haul get" shows its progress there. Output redirected
// to a file or a pipe already has a handle and is left alone; started from
// Explorer there is no console to attach to, and nothing changes.
func attachConsole() {
	if hasHandle(os.Stdout) && hasHandle(os.Stderr) {
		return
	}
	if ok, _, _ := procAttachConsole.Call(uintptr(attachParentProcess)); ok == 0 {
		return
	}
	if !hasHandle(os.Stdout) {
		os.Stdout = openConsoleOutput(os.Stdout)
	}
	if !hasHandle(os.Stderr) {
		os.Stderr = openConsoleOutput(os.Stderr)
	}
}

// hasHandle reports whether f is backed by a usable handle (a console, a
// file or a pipe).
func hasHandle(f *os.File) bool {
	if f == nil {
		return false
	}
	kind, err := windows.GetFileType(windows.Handle(f.Fd()))
	return err == nil && kind != windows.FILE_TYPE_UNKNOWN
}

// openConsoleOutput opens the attached console for writing, keeping
// fallback when it cannot be opened.
func openConsoleOutput(fallback *os.File) *os.File {
	f, err := os.OpenFile("CONOUT$", os.O_WRONLY, 0)
	if err != nil {
		return fallback
	}
	return f
}
