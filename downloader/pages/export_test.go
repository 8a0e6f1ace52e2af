package pages

import "fmt"

// Describe shows what choosing a picture rests on, for test logs.
func Describe(img Image) string {
	f := img.fit
	return fmt.Sprintf("why=%q named=%v meta=%v whole=%v copies=%d shown=%dx%d pixel=%dx%d src=%s",
		f.why, f.named, f.meta, f.whole, f.copies, f.shownW, f.shownH, f.pixelW, f.pixelH, img.Source)
}
