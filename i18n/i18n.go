package i18n

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	goi18n "github.com/nicksnyder/go-i18n/v2/i18n"
	"github.com/pelletier/go-toml/v2"
	"golang.org/x/text/language"

	"tandem/i18n/lang"
)

// Lang is a language of the catalogs (package lang, which names them
// without linking the catalogs).
type Lang = lang.Lang

// The languages. English is the source language and the default.
const (
	English   = lang.English
	Spanish   = lang.Spanish
	langCount = lang.Count
)

// Langs lists every language, English first.
var Langs = lang.Langs

// Parse is lang.Parse.
func Parse(s string) (Lang, error) { return lang.Parse(s) }

// FromEnv is lang.FromEnv.
func FromEnv(getenv func(string) string) Lang { return lang.FromEnv(getenv) }

//go:embed locales/*.toml
var locales embed.FS

// catalogs is the loaded bundle and each language's flat catalog.
var catalogs = sync.OnceValue(func() *loaded {
	c, err := load(locales)
	if err != nil {
		// The catalogs are part of the binary; TestCatalogs_Load fails
		// before such a binary is built.
		panic("i18n: " + err.Error())
	}
	return c
})

type loaded struct {
	bundle *goi18n.Bundle
	flat   [langCount]map[string]string
	// one holds the singular ("one") form of the messages that have
	// plural forms, by ID; flat has their "other".
	one [langCount]map[string]string
	loc [langCount]*goi18n.Localizer
}

// load reads every catalog file of every language from fsys:
// locales/LANG.toml and locales/AREA.LANG.toml (go-i18n takes the
// language from the name's last element before ".toml"), e.g.
// locales/msg-config.es.toml for the configuration's error messages. An
// ID given in two files of one language is an error.
func load(fsys fs.FS) (*loaded, error) {
	b := goi18n.NewBundle(language.English)
	b.RegisterUnmarshalFunc("toml", toml.Unmarshal)
	c := &loaded{bundle: b}
	all, err := fs.Glob(fsys, "locales/*.toml")
	if err != nil {
		return nil, err
	}
	for _, l := range Langs {
		flat := map[string]string{}
		one := map[string]string{}
		from := map[string]string{}
		found := false
		for _, name := range all {
			base := strings.TrimSuffix(path.Base(name), ".toml")
			if base != l.String() && !strings.HasSuffix(base, "."+l.String()) {
				continue
			}
			found = true
			data, err := fs.ReadFile(fsys, name)
			if err != nil {
				return nil, err
			}
			mf, err := b.ParseMessageFileBytes(data, name)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", name, err)
			}
			for _, m := range mf.Messages {
				if f, ok := from[m.ID]; ok {
					return nil, fmt.Errorf("%s: message %q is in %s too", name, m.ID, f)
				}
				from[m.ID] = name
				flat[m.ID] = m.Other
				if m.One != "" {
					one[m.ID] = m.One
				}
			}
		}
		if !found {
			return nil, fmt.Errorf("locales/%s.toml: %w", l, fs.ErrNotExist)
		}
		c.flat[l], c.one[l] = flat, one
		c.loc[l] = goi18n.NewLocalizer(b, l.String())
	}
	return c, nil
}

// IDs returns every message ID of the English catalog, sorted.
func IDs() []string {
	flat := catalogs().flat[English]
	ids := make([]string, 0, len(flat))
	for id := range flat {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Catalog returns language l's messages: ID to template text ("{{.Seat}}
// presses"), as the web pages read them (Handler). The map is a copy.
func Catalog(l Lang) map[string]string {
	out := make(map[string]string)
	if l >= langCount {
		return out
	}
	for k, v := range catalogs().flat[l] {
		out[k] = v
	}
	return out
}

// Printer writes the messages of one language. The zero value is not
// usable: get one with For. A Printer is safe for concurrent use.
type Printer struct {
	lang Lang
	loc  *goi18n.Localizer
	// read holds the messages Line and Core have read back (each
	// template tried in turn costs tens of µs; the table shows the same
	// few refusals frame after frame), at most maxRead, then emptied.
	mu   sync.Mutex
	read map[string]memoEntry
}

// memoEntry is a message read back (memo): its translation and whether a
// template matched.
type memoEntry struct {
	s  string
	ok bool
}

// maxRead bounds a Printer's cache of messages read back: about 1 MB of
// short messages at most.
const maxRead = 4096

var printers = sync.OnceValue(func() [langCount]*Printer {
	c := catalogs()
	var ps [langCount]*Printer
	for _, l := range Langs {
		ps[l] = &Printer{lang: l, loc: c.loc[l]}
	}
	return ps
})

// For returns language l's Printer (English for an unknown l).
func For(l Lang) *Printer {
	if l >= langCount {
		l = English
	}
	return printers()[l]
}

// Lang returns the printer's language.
func (p *Printer) Lang() Lang { return p.lang }

// T returns message id in the printer's language with its template's data
// given as name, value pairs: T("tui.claim.by", "Seat", "A-white"). A
// message the language lacks is written in English; an ID no catalog has
// is returned as "!id" so that it shows (TestSources_IDsExist finds it
// first). Values are written with fmt's %v.
func (p *Printer) T(id string, kv ...any) string {
	var data map[string]any
	if len(kv) > 0 {
		data = make(map[string]any, len(kv)/2)
		for i := 0; i+1 < len(kv); i += 2 {
			if k, ok := kv[i].(string); ok {
				data[k] = kv[i+1]
			}
		}
	}
	s, err := p.loc.Localize(&goi18n.LocalizeConfig{MessageID: id, TemplateData: data})
	if err != nil && s == "" {
		// Not in any catalog (a message found in English only comes back
		// with an error too, and its English text).
		return "!" + id
	}
	return s
}

// Has reports whether language l's catalog has message id itself (not by
// falling back to English).
func Has(l Lang, id string) bool {
	if l >= langCount {
		return false
	}
	_, ok := catalogs().flat[l][id]
	return ok
}
