// Package lang names the languages of tandem's texts and reads them as a
// configuration or the environment writes them. It holds no text: the
// catalogs are package i18n's, so that what only reads a language (the
// configuration, the hall's hub) links none of them.
package lang

import (
	"fmt"
	"strings"
)

// Lang is a language of the catalogs.
type Lang uint8

// The languages. English is the source language and the default.
const (
	English Lang = iota
	Spanish
	// Count is not a language: the number of languages.
	Count
)

// Langs lists every language, English first.
var Langs = []Lang{English, Spanish}

var codes = [Count]string{"en", "es"}

// String returns the language's code: "en" or "es".
func (l Lang) String() string {
	if l < Count {
		return codes[l]
	}
	return fmt.Sprintf("Lang(%d)", uint8(l))
}

// Parse reads a language as a configuration or the environment writes it:
// "en", "es", "es-MX", "es_ES.UTF-8", "English", "español" (any case). An
// empty string, "C" and "POSIX" are English. Other languages are an error
// naming the ones there are.
func Parse(s string) (Lang, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	if i := strings.IndexAny(v, ".@"); i >= 0 {
		v = v[:i] // es_ES.UTF-8, de_DE@euro
	}
	switch v {
	case "", "c", "posix", "english":
		return English, nil
	case "español", "espanol", "spanish", "castellano":
		return Spanish, nil
	}
	base, _, _ := strings.Cut(strings.ReplaceAll(v, "_", "-"), "-")
	for l, c := range codes {
		if base == c {
			return Lang(l), nil
		}
	}
	return English, fmt.Errorf("language %q unknown; allowed: en (English), es (español)", s)
}

// FromEnv returns the language of the environment as a terminal program
// reads it: the first of LC_ALL, LC_MESSAGES and LANG that is set (POSIX
// order), English when none is or it names a language there is no catalog
// for. getenv is os.Getenv, or a test's.
func FromEnv(getenv func(string) string) Lang {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			l, err := Parse(v)
			if err != nil {
				return English
			}
			return l
		}
	}
	return English
}
