package downloader

import (
	"fmt"
	"haul/downloader/items"
	"os"
	"testing"
)

// TestMain fails the package's tests when the state table refused a move
// of an item that no test asked for on purpose: the engine asks only for
// moves the table lists.
func TestMain(m *testing.M) {
	code := m.Run()
	if n := items.RefusedMoves(); n != 0 && code == 0 {
		fmt.Fprintf(os.Stderr, "the state table refused %d moves of items\n", n)
		code = 1
	}
	os.Exit(code)
}
