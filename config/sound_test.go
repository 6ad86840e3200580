package config

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"tandem/clock"
	"tandem/i18n/lang"
	"tandem/sound"
)

func TestSound(t *testing.T) {
	c := mustParse(t, `[sound]
pin = "GPIO18"
kind = "passive"
frequency = 2700
events = ["start", "flag", "press"]
low_time = { "5m" = "20s", "3m+2s" = "10s", other = "15s" }
`)
	s := c.Sound
	if s.Pin != "GPIO18" || s.Kind != sound.Passive || s.Frequency != 2700 || !slices.Equal(s.Events, []sound.Event{sound.Start, sound.Flag, sound.Press}) {
		t.Errorf("%+v", s)
	}
	five, _ := clock.Parse("5m")
	three, _ := clock.Parse("3m+2s")
	two, _ := clock.Parse("2m")
	if s.Threshold(five) != 20*time.Second || s.Threshold(three) != 10*time.Second || s.Threshold(two) != 15*time.Second {
		t.Errorf("thresholds %v %v %v", s.Threshold(five), s.Threshold(three), s.Threshold(two))
	}
	// Write reads back to the same.
	var b bytes.Buffer
	if err := c.Write(&b); err != nil {
		t.Fatal(err)
	}
	c2 := mustParse(t, b.String())
	if c2.Sound.Pin != s.Pin || c2.Sound.Threshold(five) != 20*time.Second || !slices.Equal(c2.Sound.Events, s.Events) {
		t.Errorf("written and read back: %+v\n%s", c2.Sound, b.String())
	}
	if d := mustParse(t, "[sound]\npin = \"GPIO18\"\n").Sound; d.Threshold(five) != sound.DefaultLowTime || d.Events != nil || d.Kind != sound.Active {
		t.Errorf("defaults: %+v", d)
	}
}

func TestSound_Errors(t *testing.T) {
	for doc, want := range map[string]string{
		"[sound]\nkind = \"active\"\n":                                 "t.toml:1: sound: pin is missing",
		"[sound]\npin = \"GPIO17\"\n":                                  "t.toml:2: sound.pin: GPIO17 is A-white's line ([gpio])",
		"[sound]\npin = \"GPIO18\"\nkind = \"loud\"\n":                 "t.toml:3: sound.kind: expected one of active, passive",
		"[sound]\npin = \"GPIO18\"\nfrequency = 9000\n":                "t.toml:3: sound.frequency: expected a whole number of Hz from 100 to 5000",
		"[sound]\npin = \"GPIO18\"\nevents = [\"bell\"]\n":             "t.toml:3: sound.events: unknown sound event \"bell\"",
		"[sound]\npin = \"GPIO18\"\nlow_time = \"0s\"\n":               "t.toml:3: sound.low_time: \"0s\" is out of range",
		"[sound]\npin = \"GPIO18\"\nlow_time = { \"5x\" = \"10s\" }\n": "sound.low_time.5x: \"5x\" is not a time control",
	} {
		_, err := Parse("t.toml", []byte(doc))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", doc, err, want)
		}
	}
}

func TestLanguage(t *testing.T) {
	if c := mustParse(t, ""); c.Language != lang.English || c.LanguageSet {
		t.Errorf("default: %v %v", c.Language, c.LanguageSet)
	}
	c := mustParse(t, "language = \"es\"\n")
	if c.Language != lang.Spanish || !c.LanguageSet {
		t.Errorf("es: %v %v", c.Language, c.LanguageSet)
	}
	var b bytes.Buffer
	if err := c.Write(&b); err != nil || !strings.Contains(b.String(), `language = "es"`) {
		t.Errorf("Write: %v\n%s", err, b.String())
	}
	for _, bad := range []string{`language = "de"`, `language = 1`, `language = ""`} {
		if _, err := Parse("t.toml", []byte(bad)); err == nil || !strings.Contains(err.Error(), `t.toml:1: language: expected "en" (English) or "es" (español)`) {
			t.Errorf("%s: %v", bad, err)
		}
	}
}

// control = 5 is five seconds: valid, and warned about, with the line.
func TestWarnings_BareNumberControl(t *testing.T) {
	for doc, want := range map[string]string{
		"[time]\ncontrol = 5\n":           `t.toml:2: time.control: 5 is 5s: a bare number is seconds; write "5m" for 5 minutes`,
		"[time]\ncontrol = \"3\"\n":       `t.toml:2: time.control: 3 is 3s: a bare number is seconds; write "3m" for 3 minutes`,
		"[time.seats]\n\"A-white\" = 2\n": `t.toml:2: time.seats.A-white: 2 is 2s`,
	} {
		c := mustParse(t, doc)
		if len(c.Warnings) != 1 || !strings.HasPrefix(c.Warnings[0], want) {
			t.Errorf("%q: warnings %q, want %q", doc, c.Warnings, want)
		}
	}
	for _, doc := range []string{"[time]\ncontrol = 90\n", "[time]\ncontrol = \"5m\"\n", "[time]\ncontrol = \"30s\"\n", ""} {
		if c := mustParse(t, doc); len(c.Warnings) != 0 {
			t.Errorf("%q: warnings %q", doc, c.Warnings)
		}
	}
}
