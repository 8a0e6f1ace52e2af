//go:build windows

package gui

import "golang.org/x/sys/windows"

// freeSpace is how many bytes the user may still write in dir.
func freeSpace(dir string) (int64, bool) {
	p, err := windows.UTF16PtrFromString(dir)
	if err != nil {
		return 0, false
	}
	var free, total, all uint64
	if err := windows.GetDiskFreeSpaceEx(p, &free, &total, &all); err != nil {
		return 0, false
	}
	return int64(free), true
}
