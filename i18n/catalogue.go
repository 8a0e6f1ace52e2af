package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"sync"
)

// Files holds the catalogues, one JSON file per language, named for
// Fyne's lang.AddTranslationsFS and go-i18n: en.json, zh_Hans.json.
//
//go:embed catalogues/*.json
var Files embed.FS

// Dir is the folder of Files that holds the catalogues.
const Dir = "catalogues"

// English is the file name of the English catalogue.
const English = "en.json"

// Catalogue reads one catalogue of Files as message ID → text; a message
// with plural forms maps to its forms ("one", "other").
func Catalogue(name string) (map[string]any, error) {
	raw, err := Files.ReadFile(path.Join(Dir, name))
	if err != nil {
		return nil, fmt.Errorf("read catalogue %s: %w", name, err)
	}
	var c map[string]any
	if err := json.Unmarshal(raw, &c); err != nil {
		return nil, fmt.Errorf("read catalogue %s: %w", name, err)
	}
	return c, nil
}

var english = sync.OnceValue(func() map[string]any {
	c, err := Catalogue(English)
	if err != nil {
		panic(err)
	}
	return c
})

// EnglishText is the English text of a message (its "other" form for a
// message with plurals), or the key itself when it is not in the catalogue.
// It is the fallback a Translator gives Fyne, so English lives only in en.json.
func EnglishText(key string) string {
	switch v := english()[key].(type) {
	case string:
		return v
	case map[string]any:
		if s, ok := v["other"].(string); ok {
			return s
		}
	}
	return key
}
