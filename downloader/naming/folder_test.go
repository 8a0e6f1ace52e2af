package naming

import (
	"strings"
	"testing"
)

func TestFolderName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Summer 2024 / Beach photos", "Summer 2024 _ Beach photos"},
		{"  Cats\n\tand   dogs ", "Cats and dogs"},
		{"a:b*c?", "a_b_c_"},
		{"CON", "CON_"},
		{"...", ""},
		{"", ""},
		{"猫の写真", "猫の写真"},
		{"C:\\Windows\\System32", "C__Windows_System32"},
	}
	for _, tt := range tests {
		if got := FolderName(tt.in); got != tt.want {
			t.Errorf("FolderName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	long := FolderName(strings.Repeat("é", 100))
	if len(long) > MaxFolderBytes || !strings.HasPrefix(long, "éé") || Sanitize(long) != long {
		t.Errorf("long title gave %q (%d bytes)", long, len(long))
	}
}
