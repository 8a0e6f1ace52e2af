package cleanlocale

import "testing"

func TestLanguageFor(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want bool
	}{
		{"unset", nil, false},
		{"C", map[string]string{"LANG": "C"}, false},
		{"POSIX", map[string]string{"LANG": "POSIX"}, false},
		{"C.UTF-8", map[string]string{"LANG": "C.UTF-8"}, true},
		{"C.utf8 in LC_ALL", map[string]string{"LC_ALL": "C.utf8", "LANG": "en_US.UTF-8"}, true},
		{"POSIX with a modifier", map[string]string{"LC_MESSAGES": "POSIX@euro"}, true},
		{"LC_ALL wins over a C LANG", map[string]string{"LC_ALL": "zh_CN.UTF-8", "LANG": "C.UTF-8"}, false},
		{"a real language", map[string]string{"LANG": "en_GB.UTF-8"}, false},
		{"LANGUAGE already set", map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "zh_CN"}, false},
	}
	for _, tc := range tests {
		name, value, ok := languageFor(func(k string) string { return tc.env[k] })
		if ok != tc.want || ok && (name != "LANGUAGE" || value != "en") {
			t.Errorf("%s: languageFor = %q, %q, %v; want set: %v", tc.name, name, value, ok, tc.want)
		}
	}
}
