// Package table runs one table's match: the single goroutine that owns a
// rules.Match, applies timestamped inputs in instant order, and publishes
// immutable snapshots.
//
// Inputs (buttons, the pause switch, the terminal, the console) never touch
// the match: they send events stamped with the instant the input happened.
// The loop arms one timer for the next thing that can change by itself,
// the earliest flag instant or the next instant a displayed digit changes,
// and when it fires the rules judge the exact computed instant, not the
// wake-up time (docs/performance.md: the loop).
package table
