// Package assets holds the files Haul ships inside its binary. It imports
// nothing from Fyne, so the download engine and the command line can use it
// without pulling in the GUI toolkit.
package assets

import _ "embed"

// Icon is Haul's application icon: a 512×512 PNG of a white arrow pointing
// down into a tray on a blue rounded square. The GUI wraps it in a
// fyne.StaticResource; regenerate it with `make icon`.
//
//go:embed icon.png
var Icon []byte
