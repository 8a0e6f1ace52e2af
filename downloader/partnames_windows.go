package downloader

import (
	"os"

	"golang.org/x/sys/windows"
)

// otherNames says the file has more than one name (a hard link): writing
// it would change what its other names hold.
func otherNames(f *os.File, _ os.FileInfo) bool {
	var info windows.ByHandleFileInformation
	if windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &info) != nil {
		return false
	}
	return info.NumberOfLinks > 1
}
