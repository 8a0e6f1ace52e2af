package naming

import (
	"strings"
	"testing"
)

func TestFitPath(t *testing.T) {
	deep := `C:\Users\someone\Pictures\Haul` + strings.Repeat(`\gallery`, 20) // 190 units: 62 left for a name
	deeper := `C:\Users\someone\` + strings.Repeat("a", 230)
	long := strings.Repeat("photo", 20) + ".jpg" // 104 units
	tests := []struct {
		name, dir, in, want string
	}{
		{"fits", `C:\Users\someone\Pictures\Haul`, "cat.jpg", "cat.jpg"},
		{"long name in a short folder fits", `C:\Users\someone\Pictures\Haul`, long, long},
		{"shortened, extension kept", deep, long, strings.Repeat("photo", 11) + "pho.jpg"},
		{"folder too deep: kept for the long-path prefix", deeper, long, long},
		{"Chinese counted in UTF-16 units", deep, strings.Repeat("猫", 100) + ".png", strings.Repeat("猫", 58) + ".png"},
		{"a character outside the BMP is two units and never split", deep, strings.Repeat("😀", 40) + ".png", strings.Repeat("😀", 29) + ".png"},
		{"no dot or space left at the cut", deep, strings.Repeat("a", 57) + ". " + strings.Repeat("b", 60) + ".jpg", strings.Repeat("a", 57) + ".jpg"},
		{"a cut that leaves a device name avoids it", `C:\` + strings.Repeat("d", 237), "CON      and more.txt", "CON_.txt"},
	}
	for _, tc := range tests {
		got := FitPath(tc.dir, tc.in)
		if got != tc.want {
			t.Errorf("%s: FitPath(%d-unit folder, %q) = %q, want %q", tc.name, utf16Len(tc.dir), tc.in, got, tc.want)
		}
		if got != tc.in && utf16Len(tc.dir)+1+utf16Len(got)+numberRoom > MaxPath {
			t.Errorf("%s: %q still makes a path of %d units", tc.name, got, utf16Len(tc.dir)+1+utf16Len(got)+numberRoom)
		}
	}
}
