package i18n

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"golang.org/x/text/language"
)

// Printer is a Translator over go-i18n, for haul get: it reads the same
// catalogues as the window.
type Printer struct {
	loc *goi18n.Localizer
}

// NewPrinter makes a Printer for a language; one without a catalogue
// prints English.
func NewPrinter(tag language.Tag) (*Printer, error) {
	bundle := goi18n.NewBundle(language.English)
	bundle.RegisterUnmarshalFunc("json", json.Unmarshal)
	files, err := fs.ReadDir(Files, Dir)
	if err != nil {
		return nil, fmt.Errorf("read catalogues: %w", err)
	}
	for _, f := range files {
		if _, err := bundle.LoadMessageFileFS(Files, path.Join(Dir, f.Name())); err != nil {
			return nil, fmt.Errorf("read catalogue %s: %w", f.Name(), err)
		}
	}
	return &Printer{loc: goi18n.NewLocalizer(bundle, tag.String())}, nil
}

// X is the message key filled in with data; a message missing from the
// catalogue falls back to English, then to the key.
func (p *Printer) X(key string, data Data) string {
	return p.localize(&goi18n.LocalizeConfig{MessageID: key, TemplateData: data})
}

// XN is the plural message key for count, filled in with data.
func (p *Printer) XN(key string, count int, data Data) string {
	return p.localize(&goi18n.LocalizeConfig{MessageID: key, PluralCount: count, TemplateData: data})
}

func (p *Printer) localize(c *goi18n.LocalizeConfig) string {
	s, err := p.loc.Localize(c)
	if err != nil && s == "" {
		return c.MessageID
	}
	return s
}
