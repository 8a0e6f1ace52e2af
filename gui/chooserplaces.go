package gui

import (
	"fyne.io/fyne/v2/lang"

	"haul/gui/kit"
)

// Where the chooser's places come from; tests replace them.
var (
	// knownPlaces lists the user's usual folders: home, desktop,
	// documents, downloads, pictures… where the system keeps them.
	knownPlaces = systemPlaces
	// listDrives lists the computer's drives (C:, D:, a USB stick…) on
	// Windows, where each has its own root; none elsewhere, where "/" is
	// the one root the up arrow reaches.
	listDrives = systemDrives
)

// driveKind is what sort of drive one is, for its name when it has no label.
type driveKind int

const (
	localDrive driveKind = iota
	removableDrive
	networkDrive
	opticalDrive
)

// driveName is a drive's name as Explorer shows it: its label, or what
// sort of drive it is, then its letter: "Data (D:)", "Local disk (C:)".
func driveName(label string, kind driveKind, letter string) string {
	if label == "" {
		label = map[driveKind]string{
			localDrive:     lang.L("Local disk"),
			removableDrive: lang.L("Removable disk"),
			networkDrive:   lang.L("Network drive"),
			opticalDrive:   lang.L("CD or DVD drive"),
		}[kind]
	}
	return lang.X("chooser.drive", "{{.Name}} ({{.Letter}})", kit.Data{"Name": label, "Letter": letter})
}
