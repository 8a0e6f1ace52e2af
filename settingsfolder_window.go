//go:build !nogui

package main

import (
	"fmt"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"haul/internal/appstore"
)

// settingsFolder is where the window keeps its preferences and files:
// Haul's own folder of settings, not the one Fyne names after itself.
type settingsFolder struct {
	prefs   *appstore.Preferences
	storage appstore.Storage
	// fyneDir is Fyne's folder for the app, tidied when Haul ends.
	fyneDir string
}

// openSettingsFolder moves what an earlier Haul kept in Fyne's folder for
// appID into Haul's own, once, and opens it. It runs before Fyne starts,
// so that Fyne finds nothing there to read. Without a folder it can use,
// it says why and returns nil: the window then keeps Fyne's.
func openSettingsFolder(appID string) *settingsFolder {
	dir, err := appstore.Dir()
	if err != nil {
		fmt.Fprintf(os.Stderr, "haul: %v\n", err)
		return nil
	}
	fyneDir, err := appstore.FyneDir(appID)
	if err == nil {
		err = appstore.Move(fyneDir, dir)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "haul: %v\n", err)
	}
	prefs, err := appstore.OpenPreferences(dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "haul: %v\n", err)
	}
	storage, err := appstore.NewStorage(dir)
	if err != nil {
		fmt.Fprintf(os.Stderr, "haul: %v\n", err)
		return nil
	}
	return &settingsFolder{prefs: prefs, storage: storage, fyneDir: fyneDir}
}

// app is a, whose preferences and storage are the folder's.
func (f *settingsFolder) app(a fyne.App) fyne.App {
	da, ok := a.(desktopApp)
	if f == nil || !ok {
		return a
	}
	return folderApp{desktopApp: da, prefs: f.prefs, storage: f.storage}
}

// tidy removes what Fyne made in its own folder while Haul ran (empty
// preferences, empty folders), once Fyne is done with it.
func (f *settingsFolder) tidy() {
	if f != nil && f.fyneDir != "" {
		appstore.Tidy(f.fyneDir)
	}
}

// desktopApp is a Fyne app with a system tray.
type desktopApp interface {
	fyne.App
	desktop.App
}

// folderApp is a Fyne app whose preferences and storage are Haul's own.
type folderApp struct {
	desktopApp
	prefs   fyne.Preferences
	storage fyne.Storage
}

// Preferences are Haul's.
func (a folderApp) Preferences() fyne.Preferences { return a.prefs }

// Storage is Haul's folder.
func (a folderApp) Storage() fyne.Storage { return a.storage }
