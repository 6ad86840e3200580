package journal

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"tandem/bughouse"
	"tandem/clock"
	"tandem/rules"
)

// Kind says what a Record is.
type Kind string

// The kinds of records.
const (
	// KindMatch begins a match: its id, preset, options, table and
	// players. Every later record until the next KindMatch belongs to it.
	// A reset or a reconfiguration begins a new match.
	KindMatch Kind = "match"
	// KindEvent is one applied event (ignored and refused ones too).
	KindEvent Kind = "event"
	// KindDecision is the match's decision (by an event or a flag).
	KindDecision Kind = "decision"
	// KindCheckpoint holds the four remaining times while clocks run.
	KindCheckpoint Kind = "checkpoint"
	// KindRecovered marks a restart that restored the match: Until is
	// the instant it was restored at (the recovery pause follows).
	KindRecovered Kind = "recovered"
	// KindMove is a move or drop entered on the scoresheet (package
	// scoresheet, the console's move entry), checked legal under the
	// match's options: board, ply, seat, SAN and UCI. At is the instant
	// it was entered.
	KindMove Kind = "move"
	// KindTakeBack takes back the board's last move (the arbiter corrects
	// an entry); it names that move as KindMove did.
	KindTakeBack Kind = "takeback"
)

// Record is one entry of the record, as its frame's JSON payload holds it.
// Fields not used by a Kind are left out of the JSON.
type Record struct {
	// Seq numbers the file's records from 1.
	Seq uint64 `json:"seq"`
	// Prev is the SHA-256 of the previous record's payload, in hex; ""
	// for the first record.
	Prev string `json:"prev"`
	Kind Kind   `json:"kind"`
	// Match is the id of the match the record belongs to.
	Match string `json:"match"`
	// At is the table's monotonic instant (ns since its epoch).
	At time.Duration `json:"at_ns"`
	// Wall is the wall-clock time (UTC), for people.
	Wall time.Time `json:"wall"`

	// KindMatch: the preset the options started from ("custom" when a
	// reconfiguration matches no preset), the options (Options.Get keys
	// plus "control" and "seat.SEAT" per-seat controls), the table's name
	// and the players' names per seat.
	Preset  string            `json:"preset,omitempty"`
	Options map[string]string `json:"options,omitempty"`
	Table   string            `json:"table,omitempty"`
	Players *[4]string        `json:"players,omitempty"`

	// KindMatch, KindDecision: whether the table's wall clock was
	// synchronised with a time source when the record was made
	// (clocksync.Status: "synchronised", "unsynchronised", "unknown"; ""
	// in records made without the check). "unsynchronised" means Wall is
	// the Pi's guess (docs/record.md, "Wall times").
	WallClock string `json:"wall_clock,omitempty"`

	// KindEvent: the event (At equals the record's), in the timeline
	// syntax for people (Text), and what it did.
	Event     *rules.Event `json:"event,omitempty"`
	Text      string       `json:"text,omitempty"`
	Ignored   string       `json:"ignored,omitempty"`
	Refused   string       `json:"refused,omitempty"`
	Recovered bool         `json:"recovered,omitempty"`

	// KindDecision: result (team 1's view; "0-0" a double forfeit),
	// reason and decisive seats; each board's result, its White's view
	// and reason ("1/2-1/2 agreement", "*" while it went on), and under
	// match_format = both-boards the game points ("1.5-0.5", team 1
	// first). Records written before Boards and Points existed lack them.
	Result   string   `json:"result,omitempty"`
	Reason   string   `json:"reason,omitempty"`
	Decisive []string `json:"decisive,omitempty"`
	Boards   []string `json:"boards,omitempty"`
	Points   string   `json:"points,omitempty"`

	// KindEvent, KindDecision, KindCheckpoint: the four remaining times
	// at At (ns), indexed by bughouse.Seat; KindCheckpoint also the status.
	Clocks *[4]time.Duration `json:"clocks_ns,omitempty"`
	Status string            `json:"status,omitempty"`

	// KindDecision: written by a restart (a restored table's decision
	// again, table.Entry.Restored), not when the match was decided: the
	// decision's own record was lost to a power cut, and this one is the
	// replay's (Match.LostDecision).
	Restored bool `json:"restored,omitempty"`

	// KindRecovered: the instant the match was restored at.
	Until time.Duration `json:"until_ns,omitempty"`

	// KindMove, KindTakeBack: the board ("A" or "B"), the board's ply
	// (from 1: White's first move is 1, Black's reply 2), the mover
	// ("A-white"), the move in SAN as the engine writes it ("Nxe5+",
	// "N@f3") and in UCI ("g1f3", "N@f3").
	Board string `json:"board,omitempty"`
	Ply   int    `json:"ply,omitempty"`
	Seat  string `json:"seat,omitempty"`
	SAN   string `json:"san,omitempty"`
	UCI   string `json:"uci,omitempty"`
}

// EncodeOptions returns o as text: every rules.OptionKeys value
// (rules.Options.Get), "control" (clock.Control.String) and "seat.SEAT" for
// each per-seat control. DecodeOptions reads it back.
func EncodeOptions(o rules.Options) (map[string]string, error) {
	m := map[string]string{"control": o.Control.String()}
	for _, k := range rules.OptionKeys {
		v, err := o.Get(k)
		if err != nil {
			return nil, fmt.Errorf("journal: option %s: %w", k, err)
		}
		m[k] = v
	}
	for _, s := range bughouse.Seats {
		if c := o.SeatControls[s]; c != nil {
			m["seat."+s.String()] = c.String()
		}
	}
	return m, nil
}

// DecodeOptions reads options written by EncodeOptions: the controls
// first, then every other key with rules.Options.Set (so
// increment_before_first_move applies to every control). A key added
// after the record was written (rules.AddedOptionKeys) reads as what
// tandem did before it. It returns an error naming the key that is
// missing or wrong, and validates the result.
func DecodeOptions(m map[string]string) (rules.Options, error) {
	var o rules.Options
	ctl, ok := m["control"]
	if !ok {
		return o, fmt.Errorf("journal: options: control missing")
	}
	c, err := clock.Parse(ctl)
	if err != nil {
		return o, fmt.Errorf("journal: options: control: %w", err)
	}
	o.Control = c
	for k, v := range m {
		name, ok := strings.CutPrefix(k, "seat.")
		if !ok {
			if k != "control" && !slices.Contains(rules.OptionKeys, k) {
				return o, fmt.Errorf("journal: options: unknown key %q", k)
			}
			continue
		}
		s, err := bughouse.ParseSeat(name)
		if err != nil {
			return o, fmt.Errorf("journal: options: %s: %w", k, err)
		}
		sc, err := clock.Parse(v)
		if err != nil {
			return o, fmt.Errorf("journal: options: %s: %w", k, err)
		}
		o.SeatControls[s] = &sc
	}
	for _, k := range rules.OptionKeys {
		v, ok := m[k]
		if !ok {
			// A record written before the key existed: the match was
			// played as tandem played then (rules.AddedOptionKeys).
			v, ok = rules.AddedOptionKeys[k]
		}
		if !ok {
			return o, fmt.Errorf("journal: options: %s missing", k)
		}
		if err := o.Set(k, v); err != nil {
			return o, fmt.Errorf("journal: options: %w", err)
		}
	}
	if err := o.Validate(); err != nil {
		return o, fmt.Errorf("journal: options: %w", err)
	}
	return o, nil
}

// PresetOf returns the name of the preset whose options are o, or
// "custom".
func PresetOf(o rules.Options) string {
	m, err := EncodeOptions(o)
	if err != nil {
		return "custom"
	}
	for _, p := range rules.Presets() {
		pm, err := EncodeOptions(p.Options)
		if err == nil && mapsEqual(m, pm) {
			return p.Name
		}
	}
	return "custom"
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}
