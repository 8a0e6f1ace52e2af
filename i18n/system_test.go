package i18n

import (
	"testing"

	"golang.org/x/text/language"
)

func TestUserLanguage(t *testing.T) {
	tests := []struct {
		name   string
		env    map[string]string
		system string
		want   language.Tag
	}{
		{"Chinese Windows, nothing in the environment", nil, "zh-CN", Chinese},
		{"Taiwanese Windows", nil, "zh-TW", Chinese},
		{"English Windows", nil, "en-US", language.English},
		{"a language without a catalogue", nil, "de-DE", language.English},
		{"the system does not say", nil, "", language.English},
		{"LANG named by Git Bash wins", map[string]string{"LANG": "en_US.UTF-8"}, "zh-CN", language.English},
		{"LC_ALL wins", map[string]string{"LC_ALL": "zh_CN.UTF-8"}, "en-US", Chinese},
		{"LANGUAGE alone wins", map[string]string{"LANGUAGE": "zh_CN:en"}, "en-US", Chinese},
		{"a C locale means English", map[string]string{"LANG": "C"}, "zh-CN", language.English},
	}
	for _, tt := range tests {
		getenv := func(k string) string { return tt.env[k] }
		if got := pickLanguage(getenv, func() string { return tt.system }); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
