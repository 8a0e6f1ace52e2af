// Command mkicon draws Haul's application icon, a white arrow pointing down
// into a tray on a blue rounded square, and writes it as a PNG file, as a
// Windows .ico file, or as a freedesktop hicolor icon theme folder; and the
// picture of the Windows installer's welcome and finish pages, as a BMP.
//
// Usage:
//
//	go run ./tools/mkicon -o assets/icon.png -size 512
//	go run ./tools/mkicon -ico haul.ico
//	go run ./tools/mkicon -hicolor share/icons/hicolor -name io.haul.app
//	go run ./tools/mkicon -wizard wizard.bmp
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	out := flag.String("o", "assets/icon.png", "PNG file to write")
	size := flag.Int("size", 512, "width and height of the icon in pixels")
	ico := flag.String("ico", "", "write a Windows .ico file with every size Windows uses, instead of the PNG")
	hicolor := flag.String("hicolor", "", "write NxN/apps/NAME.png for the usual desktop sizes under this folder, instead of the PNG")
	name := flag.String("name", "io.haul.app", "icon name for -hicolor")
	wizard := flag.String("wizard", "", "write the installer's 164x314 picture as a BMP, instead of the PNG")
	flag.Parse()
	var err error
	switch {
	case *wizard != "":
		err = writeWizardBMP(*wizard)
	case *ico != "":
		err = writeICOFile(*ico)
	case *hicolor != "":
		err = writeHicolor(*hicolor, *name)
	default:
		err = writeIcon(*out, *size)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mkicon:", err)
		os.Exit(1)
	}
}
