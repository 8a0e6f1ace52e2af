package naming

import (
	"strings"
	"testing"
)

// sanitizeCases are hostile and ordinary names with the expected result;
// they also seed FuzzSanitize.
var sanitizeCases = []struct {
	name, in, want string
}{
	{"plain", "cat.jpg", "cat.jpg"},
	{"unicode kept", "€ rates café 文.jpg", "€ rates café 文.jpg"},
	{"parent dirs", "../../x", "x"},
	{"parent dirs backslash", `..\..\x`, "x"},
	{"absolute", "/etc/passwd", "passwd"},
	{"windows absolute", `C:\Windows\System32\evil.dll`, "evil.dll"},
	{"drive relative", "C:x.jpg", "C_x.jpg"},
	{"trailing slash", "dir/", "download"},
	{"forbidden characters", `a<b>:|?*.jpg`, "a_b_____.jpg"},
	{"quote", `say "hi".txt`, "say _hi_.txt"},
	{"dot", ".", "download"},
	{"dot dot", "..", "download"},
	{"dots only", "....", "download"},
	{"empty", "", "download"},
	{"spaces only", "   ", "download"},
	{"hidden file", ".bashrc", "bashrc"},
	{"leading spaces and dots", " . .name.txt", "name.txt"},
	{"trailing dots and spaces", "file. . .", "file"},
	{"trailing dot after extension", "report.pdf.", "report.pdf"},
	{"NUL byte", "a\x00b.jpg", "a_b.jpg"},
	{"newline", "a\nb.jpg", "a_b.jpg"},
	{"tab and carriage return", "a\tb\r.jpg", "a_b_.jpg"},
	{"DEL", "a\x7fb", "a_b"},
	{"C1 control", "a\u0085b", "a_b"},
	{"RTL override", "invoice\u202egpj.exe", "invoice_gpj.exe"},
	{"bidi isolates", "a\u2066b\u2069.txt", "a_b_.txt"},
	{"bidi marks", "a\u200eb\u200f\u061c.txt", "a_b__.txt"},
	{"invalid UTF-8", "a\xffb.jpg", "a_b.jpg"},
	{"invalid UTF-8 run", "a\xff\xfe\xfdb", "a_b"},
	{"CON with extension", "CON.jpg", "CON_.jpg"},
	{"con", "con", "con_"},
	{"LPT1", "LPT1.txt", "LPT1_.txt"},
	{"nul with double extension", "nul.tar.gz", "nul_.tar.gz"},
	{"COM0", "com0", "com0_"},
	{"COM superscript", "COM¹.txt", "COM¹_.txt"},
	{"LPT superscript", "lpt³", "lpt³_"},
	{"CONIN$", "conin$.log", "conin$_.log"},
	{"device with trailing space", "CON .jpg", "CON _.jpg"},
	{"device behind a directory", "a/AUX", "AUX_"},
	{"device like but longer", "console.jpg", "console.jpg"},
	{"COM10 is not a device", "COM10", "COM10"},
	{"300 bytes", strings.Repeat("a", 300), strings.Repeat("a", MaxBytes)},
	{"300 bytes with extension", strings.Repeat("a", 300) + ".jpg", strings.Repeat("a", 236) + ".jpg"},
	{"300 bytes of é with extension", strings.Repeat("é", 150) + ".jpg", strings.Repeat("é", 118) + ".jpg"},
	{"300 bytes of CJK with extension", strings.Repeat("文", 100) + ".jpg", strings.Repeat("文", 78) + ".jpg"},
	{"300 bytes of CJK without extension", strings.Repeat("文", 100), strings.Repeat("文", 80)},
	{"long compound extension kept", strings.Repeat("a", 300) + ".tar.gz", strings.Repeat("a", 233) + ".tar.gz"},
	{"extension too long to keep", strings.Repeat("a", 250) + "." + strings.Repeat("b", 20), strings.Repeat("a", MaxBytes)},
	{"cut leaves trailing spaces", "a" + strings.Repeat(" ", 300) + ".jpg", "a.jpg"},
	{"cut reveals device name", "CON" + strings.Repeat(" ", 300) + ".jpg", "CON_.jpg"},
	{"device with long tail", "CON." + strings.Repeat("a", 300), "CON_." + strings.Repeat("a", MaxBytes-5)},
}

func TestSanitize(t *testing.T) {
	for _, tc := range sanitizeCases {
		t.Run(tc.name, func(t *testing.T) {
			got := Sanitize(tc.in)
			if got != tc.want {
				t.Errorf("Sanitize(%q) = %q, want %q", tc.in, got, tc.want)
			}
			assertSafeName(t, tc.in, got)
		})
	}
}
