package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/internal/tomlline"
	"tandem/wiring"
)

// This file owns the [gpio] section: the wiring of the clock buttons and
// the pause switch.
//
//	[gpio]
//	chip = "gpiochip0"        # optional: the 40-pin header's chip
//	lockout = "50ms"          # edges ignored after a press (bounces)
//	pause_mode = "toggle"     # toggle (a switch: on = paused) | momentary
//	A-white = "GPIO17"        # a line name, a line offset (17), or
//	B-black = { line = "GPIO23", active = "high", pull = "down" }
//	pause = "GPIO24"
//
// Lines not named keep gpio.DefaultWiring's. A line is active low with the
// pull-up unless its table says otherwise.

// gpioInputKeys are the keys of the five inputs, in gpio.Wiring.Inputs
// order.
var gpioInputKeys = []string{"A-white", "A-black", "B-white", "B-black", "pause"}

var (
	gpioKeys     = append([]string{"chip", "lockout", "pause_mode"}, gpioInputKeys...)
	gpioLineKeys = []string{"line", "active", "pull"}
)

// MaxLineOffset is the largest line offset accepted (a Raspberry Pi's
// header chip has 54 lines; the kernel allows more on other chips).
const MaxLineOffset = 1023

// GPIO holds the [gpio] settings. Its zero value is the default: the
// wiring of gpio.DefaultWiring, a 50 ms lockout, a toggle pause switch.
type GPIO struct {
	// Chip is the GPIO chip's name, path or label; empty means the first
	// chip that has the lines named (the header's on a Raspberry Pi).
	Chip string
	// Lines overrides the inputs' lines, in gpio.Wiring.Inputs order (the
	// four seats, then the pause switch); nil keeps the default line.
	Lines [5]*wiring.Line
	// PauseMode says whether the pause input is a switch or a button.
	PauseMode wiring.PauseMode
	// Lockout is how long an input ignores edges after a press; zero means
	// gpio.DefaultLockout.
	Lockout time.Duration
}

// Wiring returns the effective wiring for package gpio: the defaults with
// g's settings applied.
func (g GPIO) Wiring() wiring.Wiring {
	w := wiring.DefaultWiring()
	w.Chip, w.PauseMode, w.Lockout = g.Chip, g.PauseMode, g.Lockout
	for i, l := range g.Lines {
		if l == nil {
			continue
		}
		if i < len(w.Buttons) {
			w.Buttons[i] = *l
		} else {
			w.Pause = *l
		}
	}
	return w
}

func (g GPIO) isZero() bool {
	return g.Chip == "" && g.PauseMode == wiring.Toggle && g.Lockout == 0 && !slices.ContainsFunc(g.Lines[:], func(l *wiring.Line) bool { return l != nil })
}

func init() {
	sections["gpio"] = section{parse: parseGPIO, validate: validateGPIO, write: writeGPIO}
}

// parseGPIO reads [gpio] into c.GPIO.
func parseGPIO(p *parser, c *Config, t map[string]any) error {
	base := []string{"gpio"}
	if err := p.checkKeys(base, t, gpioKeys); err != nil {
		return err
	}
	g := &c.GPIO
	for _, k := range p.keys(base, t) {
		path := at(base, k)
		v := t[k]
		switch k {
		case "chip":
			s, ok := v.(string)
			if !ok || s == "" || strings.ContainsAny(s, " \t") {
				return p.errorf(path, `expected a chip name such as "gpiochip0" or a path such as "/dev/gpiochip0", got %s`, tomlline.Describe(v))
			}
			g.Chip = s
		case "lockout":
			s, err := p.text(path, v)
			if err != nil {
				return err
			}
			d, err := clock.ParseDuration(s)
			if err != nil {
				return p.errorf(path, "%v", clock.TooLarge(err, s, wiring.MaxLockout))
			}
			if d <= 0 || d > wiring.MaxLockout {
				return p.errorf(path, "%q is out of range; allowed above 0 up to %s (default %s)", s,
					clock.FormatDuration(wiring.MaxLockout), clock.FormatDuration(wiring.DefaultLockout))
			}
			if d != wiring.DefaultLockout {
				g.Lockout = d // the default stays zero, as Write writes it
			}
		case "pause_mode":
			s, _ := v.(string)
			i := slices.Index(wiring.PauseModeNames, s)
			if i < 0 {
				return p.errorf(path, "expected one of %s, got %s", strings.Join(wiring.PauseModeNames, ", "), tomlline.Describe(v))
			}
			g.PauseMode = wiring.PauseMode(i)
		default:
			l, err := p.gpioLine(path, v)
			if err != nil {
				return err
			}
			i := slices.Index(gpioInputKeys, k)
			def := wiring.DefaultWiring()
			if l != def.Inputs()[i] {
				g.Lines[i] = &l // the default line stays nil, as Write writes it
			}
		}
	}
	// Two inputs on one line: name the later one in the file.
	w := g.Wiring()
	ins := w.Inputs()
	seen := map[int]bool{} // inputs the file set, up to k
	for _, k := range p.keys(base, t) {
		i := slices.Index(gpioInputKeys, k)
		if i < 0 {
			continue
		}
		seen[i] = true
		for j, o := range ins {
			_, inFile := t[gpioInputKeys[j]]
			if j != i && (seen[j] || !inFile) && sameLine(o, ins[i]) {
				return p.errorf(at(base, k), "same line as %s: %s; every input needs its own", gpioInputKeys[j], ins[i])
			}
		}
	}
	return nil
}

func sameLine(a, b wiring.Line) bool {
	return a.Name == b.Name && (a.Name != "" || a.Offset == b.Offset)
}

// gpioLine reads one input's line: a name, an offset, or a table with line,
// active and pull.
func (p *parser) gpioLine(path []string, v any) (wiring.Line, error) {
	var l wiring.Line
	lineValue := func(path []string, v any) error {
		switch x := v.(type) {
		case string:
			if x == "" || strings.ContainsAny(x, " \t\"") {
				return p.errorf(path, "not a line name: %q; write the name gpioinfo lists, e.g. \"GPIO17\", or the line offset, e.g. 17", x)
			}
			l.Name = x
		case int64:
			if x < 0 || x > MaxLineOffset {
				return p.errorf(path, "line offset %d out of range: a chip's lines are 0 to %d", x, MaxLineOffset)
			}
			l.Offset = int(x)
		default:
			return p.errorf(path, "expected a line name such as \"GPIO17\", a line offset such as 17, or a table { line = ..., active = \"low\", pull = \"up\" }, got %s", tomlline.Kind(v))
		}
		return nil
	}
	t, ok := v.(map[string]any)
	if !ok {
		return l, lineValue(path, v)
	}
	if err := p.checkKeys(path, t, gpioLineKeys); err != nil {
		return l, err
	}
	lv, ok := t["line"]
	if !ok {
		return l, p.errorf(path, "the line is missing: write line = \"GPIO17\" (or an offset) in the table")
	}
	if err := lineValue(at(path, "line"), lv); err != nil {
		return l, err
	}
	if a, ok := t["active"]; ok {
		switch a {
		case "low":
		case "high":
			l.ActiveHigh = true
		default:
			return l, p.errorf(at(path, "active"), `expected "low" (pressed pulls the line to ground) or "high", got %s`, tomlline.Describe(a))
		}
	}
	if pv, ok := t["pull"]; ok {
		s, _ := pv.(string)
		i := slices.Index(wiring.PullNames, s)
		if i < 0 {
			return l, p.errorf(at(path, "pull"), "expected one of %s, got %s", strings.Join(wiring.PullNames, ", "), tomlline.Describe(pv))
		}
		l.Pull = wiring.Pull(i)
	}
	return l, nil
}

// validateGPIO checks a GPIO built in code, for Config.Validate, and the
// display devices with it: Validate runs the checks of the reserved
// sections only, and both belong to the table's hardware.
func validateGPIO(c *Config) error {
	if err := validateDisplay(c); err != nil {
		return err
	}
	w := c.GPIO.Wiring()
	if err := w.Validate(); err != nil {
		return &Error{Field: "gpio", Msg: strings.TrimPrefix(err.Error(), "gpio: ")}
	}
	return nil
}

// lineValue writes l as Write prints it: a name, an offset, or an inline
// table when it is not active low with the pull-up.
func lineValue(l wiring.Line) string {
	v := quote(l.Name)
	if l.Name == "" {
		v = strconv.Itoa(l.Offset)
	}
	if !l.ActiveHigh && l.Pull == wiring.PullUp {
		return v
	}
	return fmt.Sprintf("{ line = %s, active = %s, pull = %s }", v, quote(pick(l.ActiveHigh, "high", "low")), quote(l.Pull.String()))
}

// writeGPIO writes [gpio] for Write when the table is wired (mode =
// "hardware") or the file changed a default: every input's line.
func writeGPIO(c *Config, b *out) error {
	if c.GPIO.isZero() && c.Mode != Hardware {
		return nil
	}
	w := c.GPIO.Wiring()
	def := wiring.DefaultWiring()
	b.WriteString("\n[gpio]\n")
	var gb block
	if c.GPIO.Chip != "" {
		gb.add("chip", quote(c.GPIO.Chip), "default: the first chip")
	}
	gb.add("lockout", quote(clock.FormatDuration(w.LockoutOrDefault())), pick(c.GPIO.Lockout == 0 || c.GPIO.Lockout == wiring.DefaultLockout, "default", "default: "+clock.FormatDuration(wiring.DefaultLockout)))
	gb.add("pause_mode", quote(w.PauseMode.String()), pick(w.PauseMode == wiring.Toggle, "default", "default: toggle"))
	defIns := def.Inputs()
	for i, l := range w.Inputs() {
		gb.add(gpioInputKeys[i], lineValue(l), pick(l == defIns[i], "default", "default: "+lineValue(defIns[i])))
	}
	gb.writeTo(b)
	if c.GPIO.Chip == "" {
		b.note("chip not set: the first chip (the 40-pin header's on a Raspberry Pi)")
	}
	return nil
}

// seatKey checks that the input keys name the seats in bughouse.Seats order.
var _ = func() bool {
	for i, s := range bughouse.Seats {
		if gpioInputKeys[i] != s.String() {
			panic("config: gpioInputKeys out of bughouse.Seats order")
		}
	}
	return true
}()
