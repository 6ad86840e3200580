package timeline

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/internal/lineerr"
	"tandem/rules"
)

// Error is a malformed input: Line (1-based) says where, Msg what is
// wrong. The readers leave File empty; package replay fills it in.
type Error = lineerr.Error

func errorf(line int, format string, args ...any) *Error { return lineerr.New(line, format, args...) }

// Setting is one "option KEY VALUE" header line.
type Setting struct {
	Key, Value string
	Line       int
}

// Entry is one event line: the event (At is its instant, ns since the
// match epoch) and the line it came from.
type Entry struct {
	Event rules.Event
	Line  int
}

// Script is a parsed timeline.
type Script struct {
	// Preset is the header's preset name ("" when none); PresetLine its
	// line (0 when none).
	Preset     string
	PresetLine int
	// Control is the header's time control (clock.Parse syntax), valid
	// when ControlLine > 0. Its IncrementBeforeFirstMove is left false:
	// Options takes it from the preset.
	Control     clock.Control
	ControlLine int
	// Settings are the option lines, in file order.
	Settings []Setting
	// Entries are the events in file order, which is time order.
	Entries []Entry
	// End is the instant of the final "end" directive (ns), valid when
	// EndLine > 0: the replay advances the match to it.
	End     time.Duration
	EndLine int
}

// The limits of Read: the longest line, the largest timeline and the most
// event lines it accepts. A bughouse match has a few hundred presses; an
// export of the longest match is a few thousand lines. A timeline at the
// limits replays in well under a second, in a few MB.
const (
	MaxLine   = 4096    // bytes
	MaxSize   = 4 << 20 // bytes (4 MiB)
	MaxEvents = 100_000
)

// Events lists the event words, for messages.
const Events = "start, press, pause, resume, adjust, claim, uphold, reject, result, warn, penalty, agree, deadlock, call, arrive, reset, end"

// Read parses a timeline from r, reading at most MaxSize+1 bytes. Errors
// are *Error with the line (a line longer than MaxLine, a timeline larger
// than MaxSize or with more than MaxEvents events), or the reader's error.
func Read(r io.Reader) (*Script, error) {
	lr := &io.LimitedReader{R: r, N: MaxSize + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(make([]byte, 0, 256), MaxLine)
	s := &Script{}
	line := 0
	for sc.Scan() {
		line++
		if lr.N == 0 {
			return nil, errorf(line, "the timeline is larger than %d bytes (4 MiB)", MaxSize)
		}
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, "\ufeff") // a byte order mark
		}
		if err := s.parseLine(line, text); err != nil {
			return nil, err
		}
		if len(s.Entries) > MaxEvents {
			return nil, errorf(line, "more than %d events: a timeline holds at most %d", MaxEvents, MaxEvents)
		}
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, errorf(line+1, "line longer than %d bytes", MaxLine)
		}
		return nil, err
	}
	if lr.N == 0 {
		return nil, errorf(line, "the timeline is larger than %d bytes (4 MiB)", MaxSize)
	}
	if len(s.Entries) == 0 {
		return nil, errorf(1, "%s", NoEvents)
	}
	return s, nil
}

// NoEvents is the message of the error Read returns for a timeline
// without event lines (empty, or only comments, headers or "end").
const NoEvents = `no events: a timeline needs at least one event line, e.g. "0 start"`

// Parse parses a timeline from src, as Read.
func Parse(src []byte) (*Script, error) { return Read(bytes.NewReader(src)) }

// last returns the instant of the last event, or 0.
func (s *Script) last() (time.Duration, int) {
	if n := len(s.Entries); n > 0 {
		return s.Entries[n-1].Event.At, s.Entries[n-1].Line
	}
	return 0, 0
}

func (s *Script) parseLine(line int, text string) error {
	if i := strings.IndexByte(text, '#'); i >= 0 {
		text = text[:i]
	}
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil
	}
	if s.EndLine > 0 {
		return errorf(line, "nothing may follow the end directive (line %d)", s.EndLine)
	}
	switch f[0] {
	case "preset", "control", "option":
		return s.header(line, f)
	}
	if len(f[0]) > 1 && (f[0][0] == '-' || f[0][0] == '+') && (f[0][1] >= '0' && f[0][1] <= '9' || f[0][1] == '.') {
		if f[0][0] == '-' {
			return errorf(line, "time %s is negative; times count seconds from the match start", f[0])
		}
		return errorf(line, "time %s: write it without a sign; times count seconds from the match start", f[0])
	}
	if f[0] == "" || !(f[0][0] >= '0' && f[0][0] <= '9' || f[0][0] == '.') {
		return errorf(line, "%q is neither a header line (preset, control, option) nor an event (TIME EVENT, e.g. \"1.25 press A-white\")", f[0])
	}
	at, err := clock.ParseSeconds(f[0])
	if err != nil {
		return errorf(line, "time %v; write seconds from the start with up to 9 decimals, e.g. 61.25", err)
	}
	if prev, pl := s.last(); at < prev {
		return errorf(line, "time %s is before the previous event's (line %d); events must be in time order", f[0], pl)
	}
	if len(f) < 2 {
		return errorf(line, "time %s has no event; events are %s", f[0], Events)
	}
	e := rules.Event{At: at}
	verb, args := f[1], f[2:]
	nargs := func(n int, usage string) error {
		if len(args) != n {
			return errorf(line, "%s: expected %q", verb, usage)
		}
		return nil
	}
	switch verb {
	case "start", "pause", "uphold", "reject", "reset", "agree", "deadlock":
		if err := nargs(0, verb); err != nil {
			return err
		}
		e.Kind = map[string]rules.Kind{"start": rules.Start, "pause": rules.Pause, "uphold": rules.Uphold, "reject": rules.Reject, "reset": rules.Reset,
			"agree": rules.AgreeAll, "deadlock": rules.Deadlocked}[verb]
	case "warn", "penalty", "arrive":
		if err := nargs(1, verb+" SEAT"); err != nil {
			return err
		}
		e.Kind = map[string]rules.Kind{"warn": rules.Warn, "penalty": rules.Penalize, "arrive": rules.Arrive}[verb]
		if e.Seat, err = bughouse.ParseSeat(args[0]); err != nil {
			return errorf(line, "%s: %v", verb, err)
		}
	case "call":
		if len(args) > 1 {
			return errorf(line, "call: expected \"call\" or \"call DURATION\" (the no-show tolerance, e.g. 15m)")
		}
		e.Kind = rules.Call
		if len(args) == 1 {
			d, err := clock.ParseDuration(args[0])
			if err != nil {
				return errorf(line, "call: %v", err)
			}
			if d == 0 || d > rules.MaxNoShowTolerance {
				return errorf(line, "call: a tolerance of %s; give 1s to 24h, or none for the no_show_tolerance option", args[0])
			}
			e.Delta = d
		}
	case "end":
		if err := nargs(0, "end"); err != nil {
			return err
		}
		s.End, s.EndLine = at, line
		return nil
	case "press":
		if err := nargs(1, "press SEAT"); err != nil {
			return err
		}
		e.Kind = rules.Press
		if e.Seat, err = bughouse.ParseSeat(args[0]); err != nil {
			return errorf(line, "press: %v", err)
		}
	case "resume":
		e.Kind = rules.Resume
		if len(args) > 2 {
			return errorf(line, "resume: at most one seat per board, e.g. \"resume A-black B-white\"")
		}
		for _, a := range args {
			seat, err := bughouse.ParseSeat(a)
			if err != nil {
				return errorf(line, "resume: %v", err)
			}
			if e.Run.Set[seat.Board()] {
				return errorf(line, "resume: two seats on board %s; name at most one per board", seat.Board())
			}
			e.Run = e.Run.Choose(seat)
		}
	case "adjust":
		if err := nargs(2, "adjust SEAT +DURATION|-DURATION"); err != nil {
			return err
		}
		e.Kind = rules.Adjust
		if e.Seat, err = bughouse.ParseSeat(args[0]); err != nil {
			return errorf(line, "adjust: %v", err)
		}
		d := args[1]
		if d[0] != '+' && d[0] != '-' {
			if _, err := clock.ParseDuration(d); err != nil {
				d = "30s"
			}
			return errorf(line, "adjust needs a signed amount: +%s adds, -%s removes", d, d)
		}
		neg := d[0] == '-'
		d = strings.TrimLeft(d, "+-")
		if len(args[1])-len(d) > 1 {
			return errorf(line, "adjust: %q has more than one sign", args[1])
		}
		v, err := clock.ParseDuration(d)
		if err != nil {
			return errorf(line, "adjust: %v", err)
		}
		if v > clock.MaxStageTime {
			return errorf(line, "adjust: %v is more than %v", v, clock.MaxStageTime)
		}
		if v == 0 {
			return errorf(line, "adjust: %s changes nothing; give the time to add (+30s) or remove (-30s)", args[1])
		}
		if neg {
			v = -v
		}
		e.Delta = v
	case "claim":
		if len(args) != 2 && len(args) != 3 {
			return errorf(line, "claim: expected %q", "claim SEAT illegal-move|flag|other [ACCUSED]")
		}
		e.Kind = rules.Claim
		if e.Seat, err = bughouse.ParseSeat(args[0]); err != nil {
			return errorf(line, "claim: %v", err)
		}
		r, err := rules.ParseReason(args[1])
		if err != nil || (r != rules.IllegalMove && r != rules.Flag && r != rules.OtherClaim) {
			return errorf(line, "claim: reason %q; a claim is about illegal-move, flag or other", args[1])
		}
		e.Reason = r
		if len(args) == 3 {
			if r != rules.IllegalMove {
				return errorf(line, "claim: only an illegal-move claim names the accused")
			}
			if e.Accused, err = bughouse.ParseSeat(args[2]); err != nil {
				return errorf(line, "claim: accused: %v", err)
			}
			if e.Accused.Team() == e.Seat.Team() {
				return errorf(line, "claim: %s accuses %s, a player of his own team; the accused is a player of the other team", e.Seat, e.Accused)
			}
			e.AccusedSet = true
		}
	case "result":
		if err := nargs(3, "result BOARD 1-0|0-1|1/2-1/2 REASON"); err != nil {
			return err
		}
		e.Kind = rules.Declare
		if e.Board, err = bughouse.ParseBoard(args[0]); err != nil {
			return errorf(line, "result: %v", err)
		}
		if e.Outcome, err = rules.ParseOutcome(args[1]); err != nil {
			return errorf(line, "result: %v", err)
		}
		if e.Reason, err = rules.ParseReason(args[2]); err != nil {
			return errorf(line, "result: %v", err)
		}
		if err := checkResult(e.Outcome, e.Reason); err != nil {
			return errorf(line, "result: %v", err)
		}
	case "preset", "control", "option":
		return errorf(line, "%s is a header line: write it without a time, before the first event", verb)
	default:
		return errorf(line, "unknown event %q; events are %s", verb, Events)
	}
	s.Entries = append(s.Entries, Entry{Event: e, Line: line})
	return nil
}

// checkResult refuses outcome/reason pairs that no rule set accepts.
func checkResult(o rules.Outcome, r rules.Reason) error {
	switch r {
	case rules.Checkmate, rules.Resignation, rules.IllegalMove, rules.Forfeit:
		if o == rules.Drawn {
			return fmt.Errorf("%s needs a winner (1-0 or 0-1)", r)
		}
	case rules.Agreement, rules.Repetition, rules.FiftyMoves:
		if o != rules.Drawn {
			return fmt.Errorf("%s is a draw (1/2-1/2)", r)
		}
	case rules.Stalemate:
	default:
		return fmt.Errorf("%s is not a reason for a board result; use checkmate, resignation, illegal-move, forfeit, agreement, stalemate, repetition or fifty-moves", r)
	}
	return nil
}

func (s *Script) header(line int, f []string) error {
	if n := len(s.Entries); n > 0 {
		return errorf(line, "header line %q after the first event (line %d); put preset, control and option lines first", f[0], s.Entries[0].Line)
	}
	switch f[0] {
	case "preset":
		if len(f) != 2 {
			return errorf(line, "preset: expected \"preset NAME\"")
		}
		if s.PresetLine > 0 {
			return errorf(line, "a second preset line (the first is line %d)", s.PresetLine)
		}
		if _, err := rules.LookupPreset(f[1]); err != nil {
			return errorf(line, "%v", err)
		}
		s.Preset, s.PresetLine = f[1], line
	case "control":
		if len(f) < 2 {
			return errorf(line, "control: expected a time control, e.g. \"control 5m+0\", \"control 5m d2s\" or \"control 5m us2s\"")
		}
		if s.ControlLine > 0 {
			return errorf(line, "a second control line (the first is line %d)", s.ControlLine)
		}
		c, err := clock.Parse(strings.Join(f[1:], " "))
		if err != nil {
			return errorf(line, "control: %v", err)
		}
		s.Control, s.ControlLine = c, line
	case "option":
		if len(f) < 3 {
			return errorf(line, "option: expected \"option KEY VALUE\"; keys are %s", strings.Join(rules.OptionKeys, ", "))
		}
		key, value := f[1], strings.Join(f[2:], " ")
		if !slices.Contains(rules.OptionKeys, key) {
			return errorf(line, "unknown option %q; options are %s", key, strings.Join(rules.OptionKeys, ", "))
		}
		for _, st := range s.Settings {
			if st.Key == key {
				return errorf(line, "option %s is set twice (first on line %d); keep one", key, st.Line)
			}
		}
		// The value's syntax does not depend on the preset: check it now.
		p, err := rules.LookupPreset(rules.DefaultPreset)
		if err != nil {
			return errorf(line, "%v", err)
		}
		if err := p.Options.Set(key, value); err != nil {
			return errorf(line, "option: %v", err)
		}
		s.Settings = append(s.Settings, Setting{Key: key, Value: value, Line: line})
	}
	return nil
}

// Options returns the match options: p's options, then the header's
// control (keeping p's increment_before_first_move), then the option
// lines in order. Each step is validated; an error is an *Error naming
// the line that made the options unplayable.
func (s *Script) Options(p rules.Preset) (rules.Options, error) {
	o := p.Options
	if s.ControlLine > 0 {
		c := s.Control
		c.Stages = slices.Clone(c.Stages)
		c.IncrementBeforeFirstMove = o.Control.IncrementBeforeFirstMove
		o.Control = c
		if err := o.Validate(); err != nil {
			return o, errorf(s.ControlLine, "control: %v", err)
		}
	}
	for _, st := range s.Settings {
		if err := o.Set(st.Key, st.Value); err != nil {
			return o, errorf(st.Line, "option: %v", err)
		}
		if err := o.Validate(); err != nil {
			return o, errorf(st.Line, "option %s: %v", st.Key, err)
		}
	}
	if err := o.Validate(); err != nil {
		line := s.PresetLine
		if line == 0 {
			line = 1
		}
		return o, errorf(line, "preset %s: %v", p.Name, err)
	}
	return o, nil
}
