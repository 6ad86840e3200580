// Package sound names the table's events that beep on a piezo buzzer
// wired to a GPIO line: the start, a flag, low time, a pause, a claim,
// and optionally a click per press, each with its own pattern
// (PatternOf).
//
// This package holds only the words and the patterns, with no import of
// the match: the configuration names the events and the buzzer's kind
// ([sound], package config) without linking the table. It never delays
// the match: the buzzer's Player (package sound/buzzer) reads the
// table's snapshots (as every output does, table.Subscribe), finds the
// events in them, and plays them on the line from a goroutine of its
// own, one after the other, dropping what it cannot play in time (a
// click behind a long pattern) rather than queueing without end. The
// loop is never waited for: a slow subscriber of the table gets the
// newest snapshot, not every one.
//
// An active buzzer has its own oscillator: the line high is a tone. A
// passive one is a bare piezo disc: the Player drives it with a square
// wave, toggling the line every half period against deadlines counted
// from the tone's start (never from the last toggle, so the frequency
// does not drift with the toggles' own time). Both are tested on a fake
// line in virtual time (testing/synctest), to the nanosecond.
//
// The web pages (the console, the dashboard) may play the same patterns
// with Web Audio: PatternsJSON is them as data.
package sound
