package clock

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// DelayKind says how a stage's Delay is applied.
type DelayKind uint8

const (
	// Bronstein delay: after each move the player gets back the time used on
	// that move, at most Delay.
	Bronstein DelayKind = iota
	// US delay (simple delay): the clock does not start counting down until
	// Delay has passed in each turn.
	US
)

// String returns "bronstein" or "us".
func (k DelayKind) String() string {
	if k == US {
		return "us"
	}
	return "bronstein"
}

// Stage is one period of a time control.
//
// Moves is the number of moves the period lasts; 0 means the rest of the
// game. Time is credited when the period begins (the first stage's Time is
// the base time). Increment (Fischer) is credited for every move played in
// the period; Delay applies to every move played in the period. A stage has
// either an Increment or a Delay, not both.
type Stage struct {
	Moves     int
	Time      time.Duration
	Increment time.Duration
	Delay     time.Duration
}

// Control is a complete time control for one player.
//
// If the last stage has Moves > 0 it repeats: "40/2h" gives two more hours
// after every 40 moves, as the PGN TimeControl standard reads it.
//
// The zero Control is invalid: Validate reports it.
type Control struct {
	Stages []Stage
	// DelayKind applies to every stage's Delay.
	DelayKind DelayKind
	// IncrementBeforeFirstMove credits the first move's increment when the
	// clock is set, so a "3+2" clock shows 3:02 before move 1 (FIDE/DGT
	// convention; clock case C01, testdata/clock-cases.md). Later increments are then credited at
	// the press that ends the previous move. If false, each move's
	// increment is credited at the press that ends it (C05).
	IncrementBeforeFirstMove bool
}

// Limits that keep every computation far from time.Duration overflow and
// reject what is certainly a typing mistake.
const (
	MinStageTime = time.Second
	MaxStageTime = 24 * time.Hour
	MaxBonus     = time.Hour
	MaxStages    = 8
	MaxMoves     = 1000
)

// SuddenDeath returns a control of base with no increment or delay.
func SuddenDeath(base time.Duration) Control {
	return Control{Stages: []Stage{{Time: base}}}
}

// Fischer returns a one-stage control of base plus inc per move.
func Fischer(base, inc time.Duration) Control {
	return Control{Stages: []Stage{{Time: base, Increment: inc}}}
}

// Delayed returns a one-stage control of base with a delay of the given kind.
func Delayed(base, delay time.Duration, kind DelayKind) Control {
	return Control{Stages: []Stage{{Time: base, Delay: delay}}, DelayKind: kind}
}

// Validate reports why c cannot be played, or nil. It rejects negative or
// oversized durations, a stage with both increment and delay, stages after a
// rest-of-game stage, and impossible starts: a base of 0 with neither an
// increment credited before move 1 nor a delay would flag at the start
// (clock case C08, testdata/clock-cases.md).
func (c Control) Validate() error {
	if len(c.Stages) == 0 {
		return errors.New("clock: a time control needs at least one stage")
	}
	if len(c.Stages) > MaxStages {
		return fmt.Errorf("clock: %d stages; at most %d are allowed", len(c.Stages), MaxStages)
	}
	for i, s := range c.Stages {
		n := i + 1
		switch {
		case s.Moves < 0 || s.Moves > MaxMoves:
			return fmt.Errorf("clock: stage %d: %d moves; a stage lasts 1 to %d moves, or the rest of the game when no count is given", n, s.Moves, MaxMoves)
		case s.Time < 0 || s.Time > MaxStageTime:
			return fmt.Errorf("clock: stage %d: time %s; allowed 0 to %s", n, FormatDuration(s.Time), FormatDuration(MaxStageTime))
		case s.Time > 0 && s.Time < MinStageTime:
			return fmt.Errorf("clock: stage %d: time %s is less than %s, surely a typing mistake; write e.g. 5m or 90s", n, FormatDuration(s.Time), FormatDuration(MinStageTime))
		case s.Increment < 0 || s.Increment > MaxBonus:
			return fmt.Errorf("clock: stage %d: increment %v; allowed 0 to %v", n, s.Increment, MaxBonus)
		case s.Delay < 0 || s.Delay > MaxBonus:
			return fmt.Errorf("clock: stage %d: delay %v; allowed 0 to %v", n, s.Delay, MaxBonus)
		case s.Increment > 0 && s.Delay > 0:
			return fmt.Errorf("clock: stage %d has both an increment and a delay; choose one", n)
		case s.Moves == 0 && i != len(c.Stages)-1:
			return fmt.Errorf("clock: stage %d lasts the rest of the game, so stage %d can never start", n, n+1)
		case i > 0 && s.Time == 0:
			return fmt.Errorf("clock: stage %d adds no time; merge it with the stage before", n)
		}
	}
	first := c.Stages[0]
	if first.Time == 0 && first.Delay == 0 {
		if first.Increment == 0 {
			return errors.New("clock: base time 0 with no increment and no delay: every player would flag at the start")
		}
		if !c.IncrementBeforeFirstMove {
			return errors.New("clock: base time 0 with the increment credited after each move: the first player would flag at the start; set increment_before_first_move or give a base time")
		}
	}
	if c.DelayKind != Bronstein && c.DelayKind != US {
		return fmt.Errorf("clock: unknown delay kind %d", c.DelayKind)
	}
	return nil
}

// stageOf returns the stage that move m (1-based) belongs to.
func (c *Control) stageOf(m int) *Stage {
	end := 0
	for i := range c.Stages {
		s := &c.Stages[i]
		if s.Moves == 0 {
			return s
		}
		end += s.Moves
		if m <= end {
			return s
		}
	}
	// The last stage repeats.
	return &c.Stages[len(c.Stages)-1]
}

// timeAfter returns the stage time credited at the press that completes move
// m: non-zero only when move m ends a stage.
func (c *Control) timeAfter(m int) time.Duration {
	end := 0
	for i := range c.Stages {
		s := &c.Stages[i]
		if s.Moves == 0 {
			return 0
		}
		end += s.Moves
		if m < end {
			return 0
		}
		if m == end {
			if i+1 < len(c.Stages) {
				return c.Stages[i+1].Time
			}
			return s.Time
		}
	}
	// Beyond the listed stages the last one repeats.
	last := &c.Stages[len(c.Stages)-1]
	if (m-end)%last.Moves == 0 {
		return last.Time
	}
	return 0
}

// Initial returns the time shown before move 1: the first stage's time, plus
// the first move's increment when IncrementBeforeFirstMove is set.
func (c Control) Initial() time.Duration {
	if len(c.Stages) == 0 {
		return 0
	}
	t := c.Stages[0].Time
	if c.IncrementBeforeFirstMove {
		t += c.stageOf(1).Increment
	}
	return t
}

// HasDelay reports whether any stage has a delay.
func (c Control) HasDelay() bool {
	for _, s := range c.Stages {
		if s.Delay > 0 {
			return true
		}
	}
	return false
}

// Equal reports whether c and d are the same control.
func (c Control) Equal(d Control) bool {
	if c.DelayKind != d.DelayKind || c.IncrementBeforeFirstMove != d.IncrementBeforeFirstMove || len(c.Stages) != len(d.Stages) {
		return false
	}
	for i := range c.Stages {
		if c.Stages[i] != d.Stages[i] {
			return false
		}
	}
	return true
}

// String formats c in the syntax Parse reads, e.g. "5m", "3m+2s",
// "5m d2s", "40/90m+30s, 30m+30s". IncrementBeforeFirstMove is not part of
// the text.
func (c Control) String() string {
	var b strings.Builder
	for i, s := range c.Stages {
		if i > 0 {
			b.WriteString(", ")
		}
		if s.Moves > 0 {
			b.WriteString(strconv.Itoa(s.Moves))
			b.WriteByte('/')
		}
		b.WriteString(FormatDuration(s.Time))
		if s.Increment > 0 {
			b.WriteByte('+')
			b.WriteString(FormatDuration(s.Increment))
		}
		if s.Delay > 0 {
			if c.DelayKind == US {
				b.WriteString(" us")
			} else {
				b.WriteString(" d")
			}
			b.WriteString(FormatDuration(s.Delay))
		}
	}
	return b.String()
}

// FormatDuration writes d exactly and compactly with h, m, s and ms units:
// "1h30m", "5m", "2s", "1.118s", "500ms", "0s". Integer arithmetic only, so
// ParseDuration reads the text back to the same nanosecond.
func FormatDuration(d time.Duration) string {
	if d == 0 {
		return "0s"
	}
	var b strings.Builder
	if d < 0 {
		b.WriteByte('-')
		d = -d
	}
	if h := d / time.Hour; h > 0 {
		b.WriteString(strconv.FormatInt(int64(h), 10) + "h")
		d -= h * time.Hour
	}
	if m := d / time.Minute; m > 0 {
		b.WriteString(strconv.FormatInt(int64(m), 10) + "m")
		d -= m * time.Minute
	}
	switch {
	case d == 0:
	case d < time.Second && d%time.Millisecond == 0:
		b.WriteString(strconv.FormatInt(int64(d/time.Millisecond), 10) + "ms")
	default:
		b.WriteString(strconv.FormatInt(int64(d/time.Second), 10))
		if f := int64(d % time.Second); f != 0 {
			frac := strconv.FormatInt(f+1e9, 10)[1:] // 9 digits, leading zeros kept
			b.WriteString("." + strings.TrimRight(frac, "0"))
		}
		b.WriteString("s")
	}
	return b.String()
}

// FormatSeconds writes d as a number of seconds with up to 9 decimals and
// no unit: "118.585", "180", "-0.5", "0.000000001". ParseSeconds reads it
// back (a positive one) exactly. It is the one seconds form of the
// project's files: timelines, BPGN clock stamps, exports.
func FormatSeconds(d time.Duration) string {
	neg := ""
	if d < 0 {
		neg, d = "-", -d
	}
	s := strconv.FormatInt(int64(d/time.Second), 10)
	if f := int64(d % time.Second); f != 0 {
		s += "." + strings.TrimRight(strconv.FormatInt(f+1e9, 10)[1:], "0")
	}
	return neg + s
}

// ParseDuration reads a duration as Go writes it ("5m", "1h30m", "2.5s",
// "500ms") or a plain number of seconds ("180", "0.5"). Negative values are
// an error.
func ParseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, errors.New("empty duration")
	}
	if strings.HasPrefix(s, "-") {
		return 0, fmt.Errorf("%q is negative; durations are 0 or more", s)
	}
	var d time.Duration
	if isNumber(s) {
		v, err := parseSeconds(s)
		if err != nil {
			return 0, err
		}
		d = v
	} else {
		v, err := time.ParseDuration(s)
		if err != nil {
			return 0, fmt.Errorf("%q is not a duration; write e.g. 5m, 90s, 2.5s or a number of seconds", s)
		}
		d = v
	}
	if d < 0 {
		return 0, fmt.Errorf("%q is negative", s)
	}
	return d, nil
}

func isNumber(s string) bool {
	dot := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
		case c == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return s != "."
}

// parseSeconds reads "123" or "123.456789" exactly, without floating point,
// to nanoseconds.
func parseSeconds(s string) (time.Duration, error) {
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > 9 {
		return 0, fmt.Errorf("%q has more than 9 decimals", s)
	}
	if len(whole) > 9 {
		return 0, fmt.Errorf("%q is too large", s)
	}
	var w, f int64
	var err error
	if whole != "" {
		if w, err = strconv.ParseInt(whole, 10, 64); err != nil {
			return 0, fmt.Errorf("%q is not a number of seconds", s)
		}
	}
	if frac != "" {
		if f, err = strconv.ParseInt(frac, 10, 64); err != nil {
			return 0, fmt.Errorf("%q is not a number of seconds", s)
		}
		for i := len(frac); i < 9; i++ {
			f *= 10
		}
	}
	return time.Duration(w)*time.Second + time.Duration(f), nil
}

// ParseSeconds reads a decimal number of seconds with up to 9 decimals
// exactly ("118.585" is 118 585 ms, never 118 584.999...). It is the format
// of BPGN clock stamps and timeline instants.
func ParseSeconds(s string) (time.Duration, error) {
	if !isNumber(s) || s == "" {
		return 0, fmt.Errorf("%q is not a number of seconds", s)
	}
	return parseSeconds(s)
}

// Parse reads a time control: stages separated by commas, each
// "[MOVES/]TIME[+INCREMENT][ dDELAY | usDELAY]". Durations are as in
// ParseDuration. Examples: "5m" (sudden death), "3m+2s" (Fischer),
// "5m d2s" (Bronstein delay), "5m us2s" (US delay),
// "40/90m+30s, 30m+30s" (two stages). Errors say which part is wrong.
// Parse checks syntax only: call Validate once IncrementBeforeFirstMove is
// set, since whether a base of 0 is playable depends on it.
func Parse(s string) (Control, error) {
	var c Control
	if strings.TrimSpace(s) == "" {
		return c, errors.New("empty time control; write e.g. 5m, 3m+2s, 5m d2s or 40/90m+30s, 30m+30s")
	}
	kindSet := false
	for i, part := range strings.Split(s, ",") {
		st, kind, hasDelay, err := parseStage(strings.TrimSpace(part))
		if err != nil {
			return Control{}, fmt.Errorf("time control %q, stage %d: %v", s, i+1, err)
		}
		if hasDelay {
			if kindSet && kind != c.DelayKind {
				return Control{}, fmt.Errorf("time control %q mixes Bronstein and US delays", s)
			}
			c.DelayKind, kindSet = kind, true
		}
		c.Stages = append(c.Stages, st)
	}
	return c, nil
}

func parseStage(p string) (Stage, DelayKind, bool, error) {
	var st Stage
	if p == "" {
		return st, 0, false, errors.New("empty stage")
	}
	fields := strings.Fields(p)
	if len(fields) > 2 {
		return st, 0, false, fmt.Errorf("%q: expected TIME[+INC] and an optional delay such as d2s or us2s", p)
	}
	main := fields[0]
	if m, rest, ok := strings.Cut(main, "/"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n <= 0 {
			return st, 0, false, fmt.Errorf("%q: move count %q must be a whole number from 1 to %d (leave it out for the rest of the game)", p, m, MaxMoves)
		}
		st.Moves, main = n, rest
	}
	base, inc, hasInc := strings.Cut(main, "+")
	var err error
	if st.Time, err = ParseDuration(base); err != nil {
		return st, 0, false, fmt.Errorf("time: %v", err)
	}
	if hasInc {
		if st.Increment, err = ParseDuration(inc); err != nil {
			return st, 0, false, fmt.Errorf("increment: %v", err)
		}
	}
	if len(fields) == 1 {
		return st, 0, false, nil
	}
	kind := Bronstein
	d := fields[1]
	switch {
	case strings.HasPrefix(d, "us"):
		kind, d = US, d[2:]
	case strings.HasPrefix(d, "d"):
		d = d[1:]
	case len(d) > 0 && (d[0] < '0' || d[0] > '9') && !strings.ContainsAny(d, "0123456789"):
		// "5 min": a unit after a space, not a delay.
		return st, 0, false, fmt.Errorf("%q after a space: write the time without a space and with Go's units (5m, 90s, 1h30m); a delay after a space is dX (Bronstein) or usX (US), e.g. 5m d2s", fields[1])
	default:
		return st, 0, false, fmt.Errorf("%q: delay must be written dX (Bronstein) or usX (US), e.g. d2s", fields[1])
	}
	if st.Delay, err = ParseDuration(d); err != nil {
		return st, 0, false, fmt.Errorf("delay: %v", err)
	}
	return st, kind, true, nil
}

// FormatPGN writes c as a PGN/BPGN TimeControl tag value (seconds, stages
// joined by ":"), with an increment credited before the first move folded
// into the first stage's time, as a reader that credits increments after
// each move (FICS, ParsePGN) needs. ok is false for a control with a
// delay, which PGN has no form for.
func FormatPGN(c Control) (value string, ok bool) {
	var parts []string
	for i, s := range c.Stages {
		if s.Delay > 0 {
			return "", false
		}
		base := s.Time
		if i == 0 && c.IncrementBeforeFirstMove {
			base += s.Increment
		}
		p := FormatSeconds(base)
		if s.Moves > 0 {
			p = strconv.Itoa(s.Moves) + "/" + p
		}
		if s.Increment > 0 {
			p += "+" + FormatSeconds(s.Increment)
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, ":"), len(parts) > 0
}

// ParsePGN reads a PGN/BPGN TimeControl tag value: "300+0", "180",
// "40/5400+30:1800+30" (seconds). "?" and "-" (unknown, untimed) are errors
// because tandem cannot replay them.
func ParsePGN(s string) (Control, error) {
	var c Control
	s = strings.TrimSpace(s)
	if s == "" || s == "?" || s == "-" {
		return c, fmt.Errorf("TimeControl %q gives no time control", s)
	}
	for _, part := range strings.Split(s, ":") {
		var st Stage
		main := part
		if m, rest, ok := strings.Cut(part, "/"); ok {
			n, err := strconv.Atoi(m)
			if err != nil || n <= 0 {
				return Control{}, fmt.Errorf("TimeControl %q: bad move count %q", s, m)
			}
			st.Moves, main = n, rest
		}
		base, inc, hasInc := strings.Cut(main, "+")
		var err error
		if st.Time, err = ParseSeconds(base); err != nil {
			return Control{}, fmt.Errorf("TimeControl %q: %v", s, err)
		}
		if hasInc {
			if st.Increment, err = ParseSeconds(inc); err != nil {
				return Control{}, fmt.Errorf("TimeControl %q: %v", s, err)
			}
		}
		c.Stages = append(c.Stages, st)
	}
	return c, nil
}
