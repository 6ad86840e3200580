package sound

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// Event is a table event with a sound.
type Event uint8

// The events.
const (
	Start   Event = iota + 1 // the match starts (both boards run)
	Flag                     // a flag decides the match
	LowTime                  // a running clock goes under the low-time threshold
	Pause                    // the clocks stop (the pause switch, the console)
	Claim                    // a claim stops the clocks (Art 29)
	Press                    // a clock press that the rules took: a click
	// EventCount is not an event: the number of events plus one.
	EventCount
)

var eventNames = [EventCount]string{"", "start", "flag", "low-time", "pause", "claim", "press"}

// EventNames are the events' words, as [sound] events lists them.
var EventNames = eventNames[1:]

// String returns the event's word: "start", "flag", "low-time", "pause",
// "claim" or "press".
func (e Event) String() string {
	if e > 0 && e < EventCount {
		return eventNames[e]
	}
	return fmt.Sprintf("Event(%d)", uint8(e))
}

// ParseEvent reads an event's word.
func ParseEvent(s string) (Event, error) {
	for i, n := range eventNames {
		if i > 0 && n == s {
			return Event(i), nil
		}
	}
	return 0, fmt.Errorf("unknown sound event %q; allowed: %s", s, strings.Join(EventNames, ", "))
}

// Beep is one beep of a pattern: the tone for On, then silence for Off.
type Beep struct {
	On, Off time.Duration
}

// Pattern is an event's beeps, in order.
type Pattern []Beep

// Duration is the pattern's length, silences included.
func (p Pattern) Duration() time.Duration {
	var d time.Duration
	for _, b := range p {
		d += b.On + b.Off
	}
	return d
}

const ms = time.Millisecond

// patterns are told apart by ear at a noisy table: one long (start), a
// long triple (flag), two quick (low time), one short (pause),
// short-long (claim), a tick (press).
var patterns = [EventCount]Pattern{
	Start:   {{On: 400 * ms}},
	Flag:    {{On: 300 * ms, Off: 150 * ms}, {On: 300 * ms, Off: 150 * ms}, {On: 300 * ms}},
	LowTime: {{On: 80 * ms, Off: 80 * ms}, {On: 80 * ms}},
	Pause:   {{On: 150 * ms}},
	Claim:   {{On: 100 * ms, Off: 100 * ms}, {On: 400 * ms}},
	Press:   {{On: 15 * ms}},
}

// PatternOf returns event e's pattern (a copy).
func PatternOf(e Event) Pattern {
	if e == 0 || e >= EventCount {
		return nil
	}
	return append(Pattern(nil), patterns[e]...)
}

// PatternsJSON is every pattern as JSON, for the pages' Web Audio: an
// object from the event's word to its beeps in milliseconds,
// {"start":[{"on":400,"off":0}], ...}.
func PatternsJSON() []byte {
	type beep struct {
		On  int64 `json:"on"`
		Off int64 `json:"off"`
	}
	out := map[string][]beep{}
	for e := Start; e < EventCount; e++ {
		for _, b := range patterns[e] {
			out[e.String()] = append(out[e.String()], beep{b.On.Milliseconds(), b.Off.Milliseconds()})
		}
	}
	data, _ := json.Marshal(out) // a map of plain values: cannot fail
	return data
}

// Kind is a buzzer's kind.
type Kind uint8

const (
	// Active: a buzzer with its own oscillator; the line high sounds it.
	Active Kind = iota
	// Passive: a bare piezo, driven with a square wave.
	Passive
)

// DefaultFrequency is a passive piezo's tone when none is set: 2 kHz,
// near the resonance of the common 12 mm discs, a 250 µs half period
// that the GPIO character device's ioctls keep up with.
const DefaultFrequency = 2000

// MaxFrequency bounds a passive piezo's tone: 5 kHz is a 100 µs half
// period.
const MaxFrequency = 5000

// DefaultLowTime is the low-time threshold when none is set: a clock
// that goes under ten seconds beeps once.
const DefaultLowTime = 10 * time.Second
