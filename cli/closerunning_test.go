package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestParseCloseFlags(t *testing.T) {
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs("Haul.exe")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name        string
		args        []string
		wantCheck   bool
		wantProgram string
		wantErr     bool
	}{
		{"this program", nil, false, self, false},
		{"another program, made absolute", []string{"Haul.exe"}, false, abs, false},
		{"only a check", []string{"-check", "Haul.exe"}, true, abs, false},
		{"two programs", []string{"a.exe", "b.exe"}, false, "", true},
		{"an unknown flag", []string{"-force"}, false, "", true},
	}
	for _, tt := range tests {
		check, program, err := parseCloseFlags(tt.args)
		if (err != nil) != tt.wantErr || err == nil && (check != tt.wantCheck || program != tt.wantProgram) {
			t.Errorf("%s: %v, %q, %v; want %v, %q, error %v", tt.name, check, program, err, tt.wantCheck, tt.wantProgram, tt.wantErr)
		}
	}
}

// TestCloseRunningOutsideWindows: the command says it is for Windows'
// installer instead of claiming that nothing runs.
func TestCloseRunningOutsideWindows(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the Windows command is run by the installer's test under Wine")
	}
	var stdout, stderr bytes.Buffer
	code := CloseRunning(context.Background(), nil, &stdout, &stderr)
	if code != exitFailed || !strings.Contains(stderr.String(), "Windows") {
		t.Errorf("exit %d, stderr %q", code, stderr.String())
	}
}
