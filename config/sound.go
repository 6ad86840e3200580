package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"tandem/clock"
	"tandem/internal/tomlline"
	"tandem/sound"
)

// This file owns the [sound] section: the optional buzzer
// (docs/hardware.md, "Sound").
//
//	[sound]
//	pin = "GPIO18"                  # the buzzer's line (to ground through the buzzer)
//	chip = "gpiochip0"              # optional: the 40-pin header's chip
//	kind = "active"                 # active (its own oscillator) | passive (a bare piezo)
//	frequency = 2000                # a passive piezo's tone, Hz
//	events = ["start", "flag", "low-time", "pause", "claim"]   # and "press": a click per press
//	low_time = "10s"                # the low-time beep's threshold, or one per control:
//	# low_time = { "5m" = "20s", "3m+2s" = "10s", other = "10s" }

var soundKeys = []string{"pin", "chip", "kind", "frequency", "events", "low_time"}

// SoundKinds are the words of Sound.Kind.
var SoundKinds = []string{"active", "passive"}

// MaxLowTime bounds the low-time threshold.
const MaxLowTime = 10 * time.Minute

// Sound holds the [sound] settings. Its zero value is no buzzer.
type Sound struct {
	// Pin is the buzzer's line name ("GPIO18"); empty: no buzzer.
	Pin string
	// Chip is the line's chip; empty means the first.
	Chip string
	// Kind is sound.Active or sound.Passive.
	Kind sound.Kind
	// Frequency is a passive piezo's tone in Hz (0: the default).
	Frequency int
	// Events are the events that sound; nil means every one but the
	// click (buzzer.Opts.Events).
	Events []sound.Event
	// LowTime is the low-time threshold (0: sound.DefaultLowTime);
	// LowTimeFor, by time control as clock.Control.String writes it,
	// overrides it for those controls.
	LowTime    time.Duration
	LowTimeFor map[string]time.Duration
}

// Threshold returns the low-time threshold of control c.
func (s *Sound) Threshold(c clock.Control) time.Duration {
	if d, ok := s.LowTimeFor[c.String()]; ok {
		return d
	}
	if s.LowTime > 0 {
		return s.LowTime
	}
	return sound.DefaultLowTime
}

func init() {
	sections["sound"] = section{parse: parseSound, validate: validateSound, write: writeSound}
}

func parseSound(p *parser, c *Config, t map[string]any) error {
	base := []string{"sound"}
	if err := p.checkKeys(base, t, soundKeys); err != nil {
		return err
	}
	s := &c.Sound
	for _, k := range p.keys(base, t) {
		path, v := at(base, k), t[k]
		switch k {
		case "pin", "chip":
			x, ok := v.(string)
			if !ok || x == "" || strings.ContainsAny(x, " \t\"") {
				return p.errorf(path, `expected a line name such as "GPIO18" (chip: "gpiochip0"), got %s`, tomlline.Describe(v))
			}
			if k == "pin" {
				s.Pin = x
			} else {
				s.Chip = x
			}
		case "kind":
			x, _ := v.(string)
			i := slices.Index(SoundKinds, x)
			if i < 0 {
				return p.errorf(path, "expected one of %s, got %s", strings.Join(SoundKinds, ", "), tomlline.Describe(v))
			}
			s.Kind = sound.Kind(i)
		case "frequency":
			f, ok := v.(int64)
			if !ok || f < 100 || f > sound.MaxFrequency {
				return p.errorf(path, "expected a whole number of Hz from 100 to %d (default %d), got %s", sound.MaxFrequency, sound.DefaultFrequency, tomlline.Describe(v))
			}
			s.Frequency = int(f)
		case "events":
			list, ok := v.([]any)
			if !ok {
				return p.errorf(path, "expected a list such as [\"start\", \"flag\"], got %s", tomlline.Kind(v))
			}
			s.Events = []sound.Event{}
			for _, e := range list {
				w, _ := e.(string)
				ev, err := sound.ParseEvent(w)
				if err != nil {
					return p.errorf(path, "%v", err)
				}
				if !slices.Contains(s.Events, ev) {
					s.Events = append(s.Events, ev)
				}
			}
		case "low_time":
			if m, ok := v.(map[string]any); ok {
				for _, ck := range p.keys(path, m) {
					d, err := p.lowTime(at(path, ck), m[ck])
					if err != nil {
						return err
					}
					if ck == "other" {
						s.LowTime = d
						continue
					}
					ctl, err := clock.Parse(ck)
					if err != nil {
						return p.errorf(at(path, ck), "%q is not a time control: %v", ck, err)
					}
					if s.LowTimeFor == nil {
						s.LowTimeFor = map[string]time.Duration{}
					}
					s.LowTimeFor[ctl.String()] = d
				}
				continue
			}
			d, err := p.lowTime(path, v)
			if err != nil {
				return err
			}
			s.LowTime = d
		}
	}
	if s.Pin == "" {
		return p.errorf(base, "pin is missing: the buzzer's line, e.g. pin = \"GPIO18\"")
	}
	w := c.GPIO.Wiring()
	for i, l := range w.Inputs() {
		if l.Name == s.Pin && (s.Chip == "" || s.Chip == c.GPIO.Chip) {
			return p.errorf(at(base, "pin"), "%s is %s's line ([gpio]): the buzzer needs a line of its own", s.Pin, gpioInputKeys[i])
		}
	}
	return nil
}

func (p *parser) lowTime(path []string, v any) (time.Duration, error) {
	x, ok := v.(string)
	if !ok {
		return 0, p.errorf(path, "expected a time such as \"10s\", got %s", tomlline.Describe(v))
	}
	d, err := clock.ParseDuration(x)
	if err != nil {
		return 0, p.errorf(path, "%v", err)
	}
	if d <= 0 || d > MaxLowTime {
		return 0, p.errorf(path, "%q is out of range; allowed above 0 up to %s", x, clock.FormatDuration(MaxLowTime))
	}
	return d, nil
}

func validateSound(c *Config) error {
	s := c.Sound
	if s.Pin == "" {
		if s.Chip != "" || s.Events != nil || s.LowTime != 0 || s.LowTimeFor != nil || s.Frequency != 0 {
			return &Error{Field: "sound.pin", Msg: "pin is missing: the buzzer's line, e.g. pin = \"GPIO18\""}
		}
		return nil
	}
	if int(s.Kind) >= len(SoundKinds) {
		return &Error{Field: "sound.kind", Msg: fmt.Sprintf("kind %d out of range", s.Kind)}
	}
	if s.Frequency != 0 && (s.Frequency < 100 || s.Frequency > sound.MaxFrequency) {
		return &Error{Field: "sound.frequency", Msg: fmt.Sprintf("frequency %d Hz out of range", s.Frequency)}
	}
	if s.LowTime < 0 || s.LowTime > MaxLowTime {
		return &Error{Field: "sound.low_time", Msg: fmt.Sprintf("low_time %v out of range", s.LowTime)}
	}
	return nil
}

func writeSound(c *Config, b *out) error {
	s := c.Sound
	if s.Pin == "" {
		return nil
	}
	b.WriteString("\n[sound]\n")
	var sb block
	sb.add("pin", quote(s.Pin), "the buzzer's line")
	if s.Chip != "" {
		sb.add("chip", quote(s.Chip), "")
	}
	sb.add("kind", quote(SoundKinds[s.Kind]), pick(s.Kind == sound.Active, "default", "default: active"))
	if s.Kind == sound.Passive {
		f := s.Frequency
		if f == 0 {
			f = sound.DefaultFrequency
		}
		sb.add("frequency", strconv.Itoa(f), "Hz")
	}
	if s.Events != nil {
		var ws []string
		for _, e := range s.Events {
			ws = append(ws, quote(e.String()))
		}
		sb.add("events", "["+strings.Join(ws, ", ")+"]", "")
	} else {
		sb.add("events", `["start", "flag", "low-time", "pause", "claim"]`, "default: all but the click (\"press\")")
	}
	if len(s.LowTimeFor) > 0 {
		var keys []string
		for k := range s.LowTimeFor {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var parts []string
		for _, k := range keys {
			parts = append(parts, quote(k)+" = "+quote(clock.FormatDuration(s.LowTimeFor[k])))
		}
		if s.LowTime > 0 {
			parts = append(parts, "other = "+quote(clock.FormatDuration(s.LowTime)))
		}
		sb.add("low_time", "{ "+strings.Join(parts, ", ")+" }", "by time control")
	} else {
		d := s.LowTime
		if d == 0 {
			d = sound.DefaultLowTime
		}
		sb.add("low_time", quote(clock.FormatDuration(d)), pick(d == sound.DefaultLowTime, "default", "default: 10s"))
	}
	sb.writeTo(b)
	return nil
}
