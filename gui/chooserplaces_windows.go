package gui

import (
	"fyne.io/fyne/v2/lang"
	"golang.org/x/sys/windows"
)

// systemPlaces are the user's known folders where pictures and lists are
// kept, where Windows keeps them (a Desktop or Documents moved to OneDrive
// or to D: included).
func systemPlaces() []chooserEntry {
	folders := []struct {
		name string
		id   *windows.KNOWNFOLDERID
	}{
		{lang.L("Home"), windows.FOLDERID_Profile},
		{lang.L("Desktop"), windows.FOLDERID_Desktop},
		{lang.L("Documents"), windows.FOLDERID_Documents},
		{lang.L("Downloads"), windows.FOLDERID_Downloads},
		{lang.L("Pictures"), windows.FOLDERID_Pictures},
	}
	var out []chooserEntry
	for _, f := range folders {
		if path, err := windows.KnownFolderPath(f.id, windows.KF_FLAG_DEFAULT); err == nil && path != "" {
			out = append(out, chooserEntry{name: f.name, path: path, dir: true})
		}
	}
	return out
}

// systemDrives are the drives Windows has letters for, named as Explorer
// names them. A drive without a disk (an empty card reader) is listed, as
// Explorer lists it; opening it says it cannot be read.
func systemDrives() []chooserEntry {
	mask, err := windows.GetLogicalDrives()
	if err != nil {
		return nil
	}
	var out []chooserEntry
	for i := range 26 {
		if mask&(1<<i) == 0 {
			continue
		}
		letter := string(rune('A'+i)) + ":"
		root := letter + `\`
		kind, ok := kindOf(root)
		if !ok {
			continue
		}
		out = append(out, chooserEntry{name: driveName(volumeLabel(root, kind), kind, letter), path: root, dir: true})
	}
	return out
}

// kindOf is what sort of drive root is; false for a letter with no drive.
func kindOf(root string) (driveKind, bool) {
	p, err := windows.UTF16PtrFromString(root)
	if err != nil {
		return 0, false
	}
	switch windows.GetDriveType(p) {
	case windows.DRIVE_REMOVABLE:
		return removableDrive, true
	case windows.DRIVE_REMOTE:
		return networkDrive, true
	case windows.DRIVE_CDROM:
		return opticalDrive, true
	case windows.DRIVE_UNKNOWN, windows.DRIVE_NO_ROOT_DIR:
		return 0, false
	}
	return localDrive, true
}

// volumeLabel is the label of the disk in the drive, "" for none. A
// network drive is not asked, which can take long when it is away.
func volumeLabel(root string, kind driveKind) string {
	if kind == networkDrive {
		return ""
	}
	p, err := windows.UTF16PtrFromString(root)
	if err != nil {
		return ""
	}
	label := make([]uint16, windows.MAX_PATH+1)
	if err := windows.GetVolumeInformation(p, &label[0], uint32(len(label)), nil, nil, nil, nil, 0); err != nil {
		return ""
	}
	return windows.UTF16ToString(label)
}
