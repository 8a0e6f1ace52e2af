// Command mkicon draws Haul's application icon, a white arrow pointing down
// into a tray on a blue rounded square, and writes it as a PNG file, as a
// Windows .ico file, or as a freedesktop hicolor icon theme folder.
//
// Usage:
//
//	go run ./tools/mkicon -o assets/icon.png -size 512
//	go run ./tools/mkicon -ico haul.ico
//	go run ./tools/mkicon -hicolor share/icons/hicolor -name io.haul.app
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
	flag.Parse()
	var err error
	switch {
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
