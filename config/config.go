package config

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pelletier/go-toml/v2"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/i18n/lang"
	"tandem/internal/inputfile"
	"tandem/internal/tomlline"
	"tandem/rules"
)

// Mode says what the clock buttons, pause switch and displays are.
type Mode uint8

const (
	// Simulated: the table is simulated in the terminal (the default).
	Simulated Mode = iota
	// Hardware: the buttons, switch and displays wired to the Raspberry
	// Pi's GPIO.
	Hardware
)

var modeNames = []string{"simulated", "hardware"}

// String returns "simulated" or "hardware", as the mode key is written.
func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", uint8(m))
}

// ReservedSections are the tables a file may hold for the features that
// own them ([gpio], [console], [journal], [hall], [hub], [eboard]). A section whose feature
// registered a parser (see sections.go) is read into its Config field; any
// other is accepted as a free-form table, kept in Config.Reserved and
// written back by Write, but nothing reads it.
var ReservedSections = []string{"gpio", "console", "journal", "hall", "hub", "eboard", "sound"}

// Config is tandem's configuration: the effective settings after the preset
// and every override in the file are applied.
type Config struct {
	// Mode says whether the table is simulated or wired.
	Mode Mode
	// Preset is the name of the rule preset the file starts from
	// (rules.PresetNames); Rules already includes it.
	Preset string
	// Rules are the effective options: the preset's, with the file's time
	// and rules tables applied. Rules.Validate accepts them.
	Rules rules.Options
	// Display holds the display settings.
	Display Display
	// GPIO holds the buttons' and pause switch's wiring ([gpio]).
	GPIO GPIO
	// Console holds the web console's settings ([console]).
	Console Console
	// Journal holds the match record's settings ([journal]).
	Journal Journal
	// Hall holds the table's link to the hall's hub ([hall]).
	Hall Hall
	// Hub holds the hall hub's settings ([hub], tandem-hall).
	Hub Hub
	// EBoard holds the table's DGT electronic boards ([eboard]).
	EBoard EBoard
	// Sound holds the buzzer's settings ([sound]).
	Sound Sound
	// Language is the language of every text a person reads at the
	// table: the terminal table, the displays, the button menu
	// (language = "en" | "es"; lang.Parse). LanguageSet says whether the
	// file set it: when not, the terminal follows the environment (LANG).
	Language    lang.Lang
	LanguageSet bool
	// Warnings are what is probably a mistake, though valid, each as
	// "FILE:LINE: field: what" (a control = 5 that is five seconds):
	// tandem check-config, sim and run print them.
	Warnings []string
	// Reserved holds the reserved sections present in the file
	// (ReservedSections), as go-toml decodes free-form tables; nil when
	// there are none.
	Reserved map[string]map[string]any
	// Source is the name the configuration was read from; empty for
	// Default.
	Source string
}

// Default returns the configuration tandem uses without a file: simulated,
// the rules.DefaultPreset preset as it is, tenths shown below 20 s.
func Default() *Config {
	p, err := rules.LookupPreset(rules.DefaultPreset)
	if err != nil {
		panic("config: " + err.Error()) // rules guarantees its default exists
	}
	return &Config{
		Mode:    Simulated,
		Preset:  p.Name,
		Rules:   cloneOptions(p.Options),
		Display: Display{TenthsBelow: DefaultTenthsBelow},
	}
}

// Load reads and parses the configuration file at path (see Parse), at
// most MaxFileSize bytes. A file that cannot be read gives the
// *fs.PathError of opening it; one larger than MaxFileSize, or not a
// regular file (a FIFO, a device: they may never end), the error of
// package inputfile, naming path; anything wrong inside it gives an
// *Error naming path and the line. On error the Config is nil: nothing is
// half-applied.
func Load(path string) (*Config, error) {
	data, err := inputfile.Read(path, MaxFileSize)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Parse reads a configuration from data; name is used in errors and kept as
// Config.Source. An empty document gives Default's configuration.
//
// The preset named (default rules.DefaultPreset) is applied first, then
// the time table, then each key of the rules table with
// (*rules.Options).Set, in file order. The result, every time control and [display] are validated. Any
// problem gives an *Error with the file, line and dotted key, and a nil
// Config.
func Parse(name string, data []byte) (*Config, error) {
	return parse(name, data, "")
}

// LoadPreset is Load with the file's preset replaced by preset, as a
// command line's --preset does: the file's [time], [rules] and other
// settings still apply on top of the new preset. An empty path gives
// Default's configuration with that preset. An unknown preset is an *Error
// listing the presets.
func LoadPreset(path, preset string) (*Config, error) {
	if path == "" {
		return parse("--preset", nil, preset)
	}
	data, err := inputfile.Read(path, MaxFileSize)
	if err != nil {
		return nil, err
	}
	return parse(path, data, preset)
}

// MaxFileSize is the largest configuration file read (1 MiB): a real one
// is a few hundred bytes, and the TOML parser's time grows faster than
// linearly with the number of keys.
const MaxFileSize = 1 << 20

// MaxKeyDepth and MaxKeys bound a configuration's keys (package
// tomlline): a path of at most MaxKeyDepth parts ([hub.tables.t07] user
// is 4) and at most MaxKeys keys, tables and array elements (a hub of
// 100 tables names some 300). Parse refuses a file beyond them before
// decoding it, with an *Error naming the line and the key, so that its
// time and memory are linear in the file's size: go-toml's decoder's
// time grows with the square of the number of keys.
const (
	MaxKeyDepth = 10
	MaxKeys     = 4096
)

var limits = tomlline.Limits{Depth: MaxKeyDepth, Names: MaxKeys}

func parse(name string, data []byte, preset string) (*Config, error) {
	if len(data) > MaxFileSize {
		return nil, &Error{File: name, Line: 1, Msg: fmt.Sprintf("the file is %d bytes; a configuration is at most %d bytes (1 MiB)", len(data), MaxFileSize)}
	}
	// Editors on Windows may start the file with a byte-order mark; it
	// stays on line 1, so positions are unchanged.
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	// Counted before go-toml decodes: its decoder's time is the number of
	// keys times the keys it has seen, and its memory grows with a
	// dotted key's parts (a file of one key of 300 000 parts took
	// 445 MB, one of 50 000 empty tables 87 s).
	lines, err := tomlline.Scan(data, limits)
	if err != nil {
		var le *tomlline.LimitError
		if !errors.As(err, &le) {
			return nil, &Error{File: name, Msg: err.Error()}
		}
		return nil, &Error{File: name, Line: le.Line, Field: fieldName(le.Path), Msg: le.Msg()}
	}
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		return nil, syntaxError(name, err)
	}
	p := &parser{file: name, lines: lines, preset: preset}
	c, err := p.config(doc)
	if err != nil {
		return nil, err
	}
	c.Source = name
	return c, nil
}

// Validate reports the first setting of c that tandem cannot use, as an
// *Error naming the field (with no file or line), or nil. Parse only
// returns configurations that validate; Validate is for a Config built or
// changed in code.
func (c *Config) Validate() error {
	if int(c.Mode) >= len(modeNames) {
		return &Error{Field: "mode", Msg: fmt.Sprintf("mode %d out of range; allowed: %s", uint8(c.Mode), strings.Join(modeNames, ", "))}
	}
	if _, err := rules.LookupPreset(c.Preset); err != nil {
		return &Error{Field: "preset", Msg: err.Error()}
	}
	if err := c.Rules.Control.Validate(); err != nil {
		return &Error{Field: "time.control", Msg: fmt.Sprintf("%s: %s", c.Rules.Control, clockMsg(err))}
	}
	for _, s := range bughouse.Seats {
		sc := c.Rules.SeatControls[s]
		if sc == nil {
			continue
		}
		field := "time.seats." + s.String()
		if err := sc.Validate(); err != nil {
			return &Error{Field: field, Msg: fmt.Sprintf("%s: %s", sc, clockMsg(err))}
		}
		if sc.IncrementBeforeFirstMove != c.Rules.Control.IncrementBeforeFirstMove {
			return &Error{Field: field, Msg: fmt.Sprintf("increment_before_first_move is %v here and %v for the other seats; it applies to every seat",
				sc.IncrementBeforeFirstMove, c.Rules.Control.IncrementBeforeFirstMove)}
		}
	}
	if err := c.Rules.Validate(); err != nil {
		return &Error{Field: "rules", Msg: err.Error()}
	}
	if d := c.Display.TenthsBelow; d < 0 || d > MaxTenthsBelow {
		return &Error{Field: "display.tenths_below", Msg: fmt.Sprintf("%v out of range; allowed 0 to %s", d, clock.FormatDuration(MaxTenthsBelow))}
	}
	for _, name := range ReservedSections {
		if sec, ok := sections[name]; ok && sec.validate != nil {
			if err := sec.validate(c); err != nil {
				return err
			}
		}
	}
	for name := range c.Reserved {
		if !slices.Contains(ReservedSections, name) {
			return &Error{Field: name, Msg: fmt.Sprintf("not a reserved section; reserved: %s", strings.Join(ReservedSections, ", "))}
		}
	}
	return nil
}

// Notes returns what check-config should point out: one line per reserved
// section present that no feature reads yet, e.g. "[hall] is not used by
// this version yet", in ReservedSections order.
func (c *Config) Notes() []string {
	var notes []string
	for _, name := range ReservedSections {
		if _, ok := c.Reserved[name]; ok {
			notes = append(notes, fmt.Sprintf("[%s] is not used by this version yet", name))
		}
	}
	return notes
}

// The keys of each table, in the order Write prints them.
var (
	topKeys  = append([]string{"mode", "preset", "language", "time", "rules", "display"}, ReservedSections...)
	timeKeys = []string{"control", "increment_before_first_move", "seats"}
	// ruleKeys are the rules.OptionKeys that [rules] holds: all but
	// increment_before_first_move, which belongs with the time control.
	ruleKeys = slices.DeleteFunc(slices.Clone(rules.OptionKeys), func(k string) bool { return k == ibfmKey })
)

const ibfmKey = "increment_before_first_move"

// parser turns a decoded document into a Config, naming lines in errors.
type parser struct {
	file  string
	lines tomlline.Index
	// preset, when set, replaces the file's preset (LoadPreset).
	preset string
	// warnings are Config.Warnings, as they are found.
	warnings []string
}

// warnf adds a warning about the key at path.
func (p *parser) warnf(path []string, format string, args ...any) {
	e := &Error{File: p.file, Line: p.lines.Line(path), Field: fieldName(path), Msg: fmt.Sprintf(format, args...)}
	p.warnings = append(p.warnings, e.Error())
}

// errorf returns an *Error about the key at path.
func (p *parser) errorf(path []string, format string, args ...any) error {
	return &Error{File: p.file, Line: p.lines.Line(path), Field: fieldName(path), Msg: fmt.Sprintf(format, args...)}
}

// at returns base extended by key, as a new slice.
func at(base []string, key ...string) []string {
	return append(slices.Clone(base), key...)
}

// keys returns m's keys in the order the file names them, so that the first
// error reported is the first in the file.
func (p *parser) keys(base []string, m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		li, lj := p.lines.Exact(at(base, ks[i])), p.lines.Exact(at(base, ks[j]))
		if li != lj {
			return li < lj
		}
		return ks[i] < ks[j]
	})
	return ks
}

// checkKeys rejects the first key of m that is not in allowed.
func (p *parser) checkKeys(base []string, m map[string]any, allowed []string) error {
	for _, k := range p.keys(base, m) {
		if !slices.Contains(allowed, k) {
			where := "at the top level"
			if len(base) > 0 {
				where = "in [" + fieldName(base) + "]"
			}
			if len(base) == 1 && base[0] == "rules" && k == ibfmKey {
				return p.errorf(at(base, k), "increment_before_first_move belongs to the time control: write it in [time]")
			}
			return p.errorf(at(base, k), "unknown key %q; allowed %s: %s", k, where, strings.Join(allowed, ", "))
		}
	}
	return nil
}

// table returns v as a table, or an error naming what it is instead.
func (p *parser) table(path []string, v any) (map[string]any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, p.errorf(path, "expected a table [%s], got %s", fieldName(path), tomlline.Kind(v))
	}
	return m, nil
}

// text returns v in the text form rules.Options.Set and clock.Parse read:
// strings as they are, switches as true/false, numbers in decimal, arrays
// as "[2, 6]". Tables are an error.
func (p *parser) text(path []string, v any) (string, error) {
	if k := path[len(path)-1]; len(path) <= 2 && rules.IsSwitch(k) {
		// A switch is a TOML boolean: "no" in quotes is a string,
		// which the file's reader would not take for false either.
		if _, ok := v.(bool); !ok {
			return "", p.errorf(path, "expected true or false (without quotes), got %s", tomlline.Describe(v))
		}
	}
	switch x := v.(type) {
	case string:
		return x, nil
	case bool:
		return strconv.FormatBool(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64), nil
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			if s, ok := e.(string); ok {
				parts[i] = quote(s)
				continue
			}
			t, err := p.text(path, e)
			if err != nil {
				return "", err
			}
			parts[i] = t
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case map[string]any:
		return "", p.errorf(path, "expected a value, got a table")
	}
	return fmt.Sprint(v), nil
}

// config builds the Config of a decoded document.
func (p *parser) config(doc map[string]any) (*Config, error) {
	if err := p.checkKeys(nil, doc, topKeys); err != nil {
		return nil, err
	}
	c := Default()
	if v, ok := doc["mode"]; ok {
		path := []string{"mode"}
		s, err := p.text(path, v)
		if err != nil {
			return nil, err
		}
		i := slices.Index(modeNames, s)
		if i < 0 {
			return nil, p.errorf(path, "unknown mode %q; allowed: %s", s, strings.Join(modeNames, ", "))
		}
		c.Mode = Mode(i)
	}
	if v, ok := doc["preset"]; ok || p.preset != "" {
		path := []string{"preset"}
		s := p.preset
		if s == "" {
			var err error
			if s, err = p.text(path, v); err != nil {
				return nil, err
			}
		} else if !ok {
			path = []string{"--preset"}
		}
		pr, err := rules.LookupPreset(s)
		if err != nil {
			return nil, p.errorf(path, "%v", err)
		}
		c.Preset, c.Rules = pr.Name, cloneOptions(pr.Options)
	}
	if v, ok := doc["language"]; ok {
		path := []string{"language"}
		s, isString := v.(string)
		l, err := lang.Parse(s)
		if !isString || err != nil || s == "" {
			return nil, p.errorf(path, "expected \"en\" (English) or \"es\" (español), got %s", tomlline.Describe(v))
		}
		c.Language, c.LanguageSet = l, true
	}
	if v, ok := doc["time"]; ok {
		if err := p.applyTime(&c.Rules, v); err != nil {
			return nil, err
		}
	}
	if v, ok := doc["rules"]; ok {
		if err := p.applyRules(&c.Rules, v); err != nil {
			return nil, err
		}
	}
	if err := c.Rules.Validate(); err != nil {
		// Every option was checked where it was set; this is a safety net.
		return nil, p.errorf([]string{"rules"}, "%v", err)
	}
	if v, ok := doc["display"]; ok {
		if err := p.applyDisplay(&c.Display, v); err != nil {
			return nil, err
		}
	}
	for _, name := range ReservedSections {
		v, ok := doc[name]
		if !ok {
			continue
		}
		m, err := p.table([]string{name}, v)
		if err != nil {
			return nil, err
		}
		if sec, ok := sections[name]; ok {
			if err := sec.parse(p, c, m); err != nil {
				return nil, err
			}
			continue
		}
		if c.Reserved == nil {
			c.Reserved = map[string]map[string]any{}
		}
		c.Reserved[name] = m
	}
	if err := c.Validate(); err != nil {
		// Every value was checked where it was read; this is a safety
		// net, so that Parse only ever returns what Validate accepts
		// (what Write writes and the table runs).
		return nil, p.validateError(err)
	}
	c.Warnings = p.warnings
	return c, nil
}

// validateError gives an error of Validate the file and the line of its
// field's section.
func (p *parser) validateError(err error) error {
	var e *Error
	if !errors.As(err, &e) {
		return &Error{File: p.file, Msg: err.Error()}
	}
	section, _, _ := strings.Cut(e.Field, ".")
	return &Error{File: p.file, Line: p.lines.Line([]string{section}), Field: e.Field, Msg: e.Msg}
}

// applyTime applies [time]: the control, the seats' controls, then
// increment_before_first_move to all of them, and validates every control.
func (p *parser) applyTime(o *rules.Options, v any) error {
	base := []string{"time"}
	t, err := p.table(base, v)
	if err != nil {
		return err
	}
	if err := p.checkKeys(base, t, timeKeys); err != nil {
		return err
	}
	ibfm := o.Control.IncrementBeforeFirstMove
	if v, ok := t["control"]; ok {
		ctl, err := p.control(at(base, "control"), v)
		if err != nil {
			return err
		}
		ctl.IncrementBeforeFirstMove = ibfm
		o.Control = ctl
	}
	var seatKeys [4]string // the key each seat was given under, for errors
	if v, ok := t["seats"]; ok {
		sbase := at(base, "seats")
		seats, err := p.table(sbase, v)
		if err != nil {
			return err
		}
		for _, k := range p.keys(sbase, seats) {
			path := at(sbase, k)
			s, err := bughouse.ParseSeat(k)
			if err != nil {
				return p.errorf(path, "%v", err)
			}
			if seatKeys[s] != "" {
				return p.errorf(path, "seat %s is already given as %q", s, seatKeys[s])
			}
			ctl, err := p.control(path, seats[k])
			if err != nil {
				return err
			}
			ctl.IncrementBeforeFirstMove = ibfm
			o.SeatControls[s] = &ctl
			seatKeys[s] = k
		}
	}
	if v, ok := t[ibfmKey]; ok {
		path := at(base, ibfmKey)
		s, err := p.text(path, v)
		if err != nil {
			return err
		}
		if err := o.Set(ibfmKey, s); err != nil {
			return p.errorf(path, "%s", setMsg(ibfmKey, err))
		}
	}
	// Validate once increment_before_first_move is known: whether a base of
	// 0 can be played depends on it (clock.Parse).
	field := at(base, "control")
	if _, ok := t["control"]; !ok {
		field = at(base, ibfmKey)
	}
	if err := o.Control.Validate(); err != nil {
		return p.errorf(field, "%s: %s", o.Control, clockMsg(err))
	}
	for _, s := range bughouse.Seats {
		if sc := o.SeatControls[s]; sc != nil {
			if err := sc.Validate(); err != nil {
				return p.errorf(at(base, "seats", seatKeys[s]), "%s: %s", sc, clockMsg(err))
			}
		}
	}
	return nil
}

// control parses a time control. A delay kind is kept only when some stage
// has a delay: "5m us0s" is the same clock as "5m", and Write could not tell
// them apart.
func (p *parser) control(path []string, v any) (clock.Control, error) {
	s, err := p.text(path, v)
	if err != nil {
		return clock.Control{}, err
	}
	ctl, err := clock.Parse(s)
	if err != nil {
		return clock.Control{}, p.errorf(path, "%v", err)
	}
	if bareNumber(s) && ctl.Initial() < time.Minute {
		// A club writes "5" for five minutes; tandem reads seconds.
		p.warnf(path, "%s is %s: a bare number is seconds; write \"%sm\" for %s minutes", s, clock.FormatDuration(ctl.Initial()), s, s)
	}
	if !ctl.HasDelay() {
		ctl.DelayKind = clock.Bronstein
	}
	return ctl, nil
}

// applyRules applies [rules] with rules.Options.Set, key by key in file
// order: the one place where option values are read.
func (p *parser) applyRules(o *rules.Options, v any) error {
	base := []string{"rules"}
	r, err := p.table(base, v)
	if err != nil {
		return err
	}
	if err := p.checkKeys(base, r, ruleKeys); err != nil {
		return err
	}
	for _, k := range p.keys(base, r) {
		path := at(base, k)
		s, err := p.text(path, r[k])
		if err != nil {
			return err
		}
		if err := o.Set(k, s); err != nil {
			return p.errorf(path, "%s", setMsg(k, err))
		}
	}
	return nil
}

// setMsg drops the "key: " prefix some rules.Options.Set errors carry, since
// the *Error names the field already.
func setMsg(key string, err error) string {
	return strings.TrimPrefix(err.Error(), key+": ")
}

// clockMsg drops the package prefix of a clock.Control.Validate error.
func clockMsg(err error) string {
	return strings.TrimPrefix(err.Error(), "clock: ")
}

// bareNumber reports whether s is a number without a unit ("5", "2.5").
func bareNumber(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != '.' {
			return false
		}
	}
	return true
}

// cloneOptions copies o so that nothing in the copy shares memory with o
// (a preset's stages in particular).
func cloneOptions(o rules.Options) rules.Options {
	o.Control = cloneControl(o.Control)
	for i, c := range o.SeatControls {
		if c != nil {
			cc := cloneControl(*c)
			o.SeatControls[i] = &cc
		}
	}
	return o
}

func cloneControl(c clock.Control) clock.Control {
	c.Stages = slices.Clone(c.Stages)
	return c
}
