// Package gui is Haul's desktop window: a thin Fyne layer over the download
// engine. It turns pasted text, opened and dropped list files into queued
// links, shows one row per item with what is happening in plain words, and
// offers the batch controls and settings. All download logic stays in the
// engine; a single refresh loop pulls the engine's snapshot a few times a
// second while something is moving and applies only what changed.
//
// The window's parts live in packages of their own: picker finds the
// pictures on pages and lets the user choose them (UI.ShowPictures opens
// it), settings holds what is under More…, thumbnail makes the bounded
// thumbnails shared by the rows and the picker, and kit the widgets and
// words they all use.
//
// The packages never import fyne.io/fyne/v2/app, so their tests run with
// the headless test driver and CGO_ENABLED=0.
package gui
