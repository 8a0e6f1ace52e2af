package naming

import (
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
)

// hostilePieces are fragments that, glued together at random, make names
// that stress every rule of Sanitize.
var hostilePieces = []string{
	"a", "Z", "é", "文", "€", "😀", ".", "..", " ", "/", `\`, ":", "*", "?", `"`, "<", ">", "|",
	"\x00", "\n", "\x7f", "\u0085", "\u202e", "\u2066", "\xff", "\xe2\x82", "CON", "nul", "COM¹",
	"lpt9", "CONOUT$", ".jpg", ".tar.gz", ".php", "%2e", "%2F", "%00", "%E2%80%AE", "%C3%A9",
	strings.Repeat("b", 100), strings.Repeat("é", 60), strings.Repeat("文", 40), strings.Repeat(" ", 90),
}

// randomHostileName glues a random number of hostile pieces together.
func randomHostileName(rng *rand.Rand) string {
	var b strings.Builder
	for range rng.IntN(12) {
		b.WriteString(hostilePieces[rng.IntN(len(hostilePieces))])
	}
	return b.String()
}

func TestSanitizeProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		name := randomHostileName(rng)
		assertSafeName(t, name, Sanitize(name))
		if t.Failed() {
			return
		}
	}
}

func TestFromResponseProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	types := []string{"", "image/png", "text/html", "application/octet-stream", "x/y"}
	for range 20000 {
		name := randomHostileName(rng)
		u := &url.URL{Scheme: "https", Host: "example.com", Path: "/" + randomHostileName(rng), RawPath: "/" + name}
		disposition := "attachment; filename*=UTF-8''" + url.PathEscape(randomHostileName(rng))
		if rng.IntN(2) == 0 {
			disposition = ""
		}
		got := FromResponse(disposition, u, types[rng.IntN(len(types))])
		assertSafeName(t, name, got)
		assertInsideDir(t, got)
		if t.Failed() {
			return
		}
	}
}
