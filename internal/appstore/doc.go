// Package appstore keeps the window's preferences and files (its list,
// its network settings) in Haul's own settings folder, beside what the
// command line keeps there, instead of in the folder Fyne names after
// itself (%AppData%\fyne\io.haul.app on Windows, ~/.config/fyne/io.haul.app
// on Linux). Haul's main package hands the window an app whose
// Preferences and Storage are these.
//
// Move carries what an earlier Haul kept in Fyne's folder over, once, so
// that no setting and no list is lost; Tidy removes the empty folders and
// the empty preferences file Fyne itself makes there on every run.
//
// The package is plain Go with Fyne's interfaces; it holds no widget.
package appstore
