package i18n

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// sourceRoots are the folders whose packages (sub-packages included) take
// their words from the catalogues.
var sourceRoots = []string{"../gui", "../cli", "."}

// sourceDirs are the folders of sourceRoots and of every package under them.
func sourceDirs(t *testing.T) []string {
	t.Helper()
	var dirs []string
	for _, root := range sourceRoots {
		if root == "." {
			dirs = append(dirs, root)
			continue
		}
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() && d.Name() != "testdata" {
				dirs = append(dirs, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return dirs
}

// usedKeys finds every message ID the code uses: the literal first
// argument of lang.L/X/XN and of a Translator's X/XN, the help keys of
// haul get's flags, and in this package every literal that looks like a
// dotted message ID.
func usedKeys(t *testing.T) map[string]string {
	t.Helper()
	call := regexp.MustCompile(`\b(?:L|X|XN)\(\s*"((?:[^"\\]|\\.)*)"`)
	dotted := regexp.MustCompile(`"([a-z]+(?:\.[a-z0-9]+)+)"`)
	flagHelp := regexp.MustCompile(`"(cli\.flag\.[a-z0-9]+)"`) // haul get's flags carry their help's key
	used := map[string]string{}
	for _, dir := range sourceDirs(t) {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			matches := call.FindAllStringSubmatch(string(src), -1)
			matches = append(matches, flagHelp.FindAllStringSubmatch(string(src), -1)...)
			if dir == "." {
				matches = append(matches, dotted.FindAllStringSubmatch(string(src), -1)...)
			}
			for _, m := range matches {
				if strings.HasSuffix(m[1], ".json") {
					continue
				}
				var key string
				if err := json.Unmarshal([]byte(`"`+m[1]+`"`), &key); err != nil {
					t.Fatalf("%s: %v", f, err)
				}
				used[key] = f
			}
		}
	}
	if len(used) < 150 {
		t.Fatalf("found only %d message IDs in the code; the patterns no longer match it", len(used))
	}
	return used
}

func catalogueNames(t *testing.T) []string {
	t.Helper()
	entries, err := fs.ReadDir(Files, Dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Contains(names, English) || !slices.Contains(names, "zh_Hans.json") {
		t.Fatalf("catalogues = %v, want en.json and zh_Hans.json", names)
	}
	return names
}

// TestEveryCatalogueHasEveryKeyTheCodeUses checks both ways: every message
// the code uses is in every catalogue, and no catalogue keeps a message
// that no code uses.
func TestEveryCatalogueHasEveryKeyTheCodeUses(t *testing.T) {
	used := usedKeys(t)
	for _, name := range catalogueNames(t) {
		c, err := Catalogue(name)
		if err != nil {
			t.Fatal(err)
		}
		for key, file := range used {
			if _, ok := c[key]; !ok {
				t.Errorf("%s: %q (used in %s) is missing", name, key, file)
			}
		}
		for key := range c {
			if _, ok := used[key]; !ok {
				t.Errorf("%s: %q is not used by any code", name, key)
			}
		}
	}
}

// TestPluralMessagesHaveTheFormsOfTheirLanguage checks that English plurals
// have "one" and "other" and Chinese ones "other", and that no message
// fills in data its English message does not have.
func TestPluralMessagesHaveTheFormsOfTheirLanguage(t *testing.T) {
	want := map[string][]string{English: {"one", "other"}, "zh_Hans.json": {"other"}}
	field := regexp.MustCompile(`\{\{\s*\.(\w+)`)
	en, err := Catalogue(English)
	if err != nil {
		t.Fatal(err)
	}
	for name, forms := range want {
		c, err := Catalogue(name)
		if err != nil {
			t.Fatal(err)
		}
		for key, v := range c {
			if _, plural := en[key].(map[string]any); plural {
				m, ok := v.(map[string]any)
				if !ok {
					t.Errorf("%s: %q must have plural forms %v", name, key, forms)
					continue
				}
				for _, f := range forms {
					if _, ok := m[f]; !ok {
						t.Errorf("%s: %q lacks the %q form", name, key, f)
					}
				}
			}
			english := templateFields(field, en[key])
			for _, f := range templateFields(field, v) {
				if !slices.Contains(english, f) {
					t.Errorf("%s: %q fills in %s, which English does not have", name, key, f)
				}
			}
		}
	}
}

// templateFields lists the data fields the forms of a message fill in.
func templateFields(field *regexp.Regexp, v any) []string {
	var all []string
	switch v := v.(type) {
	case string:
		all = append(all, v)
	case map[string]any:
		for _, s := range v {
			all = append(all, s.(string))
		}
	}
	var names []string
	for _, s := range all {
		for _, m := range field.FindAllStringSubmatch(s, -1) {
			names = append(names, m[1])
		}
	}
	slices.Sort(names)
	return slices.Compact(names)
}
