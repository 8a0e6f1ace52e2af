//go:build windows

package instance

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// testPath is a pipe name of the test's own.
func testPath(t *testing.T) string {
	t.Helper()
	return fmt.Sprintf(`\\.\pipe\haul-test-%d`, time.Now().UnixNano())
}

// checkPrivate checks that the pipe is named as a pipe; its owner and the
// user-only access are checked by every dial.
func checkPrivate(t *testing.T, path string) {
	t.Helper()
	if !strings.HasPrefix(path, `\\.\pipe\`) {
		t.Errorf("%s is not a pipe", path)
	}
}

func TestDefaultPathIsAPipe(t *testing.T) {
	p, err := DefaultPath()
	if err != nil || !strings.HasPrefix(p, `\\.\pipe\haul-`) {
		t.Errorf("DefaultPath = %q, %v", p, err)
	}
}
