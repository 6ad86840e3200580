// Package clock implements chess time controls and one board's pair of
// clocks, computed exactly from press instants.
//
// Nothing here reads the system clock, sleeps or starts a goroutine: every
// method takes the instant it is applied at, as a time.Duration since the
// match epoch (nanoseconds). Remaining time is derived from the instants of
// the presses, never decremented by ticks, so the exact instant a running
// clock flags is always computable (Pair.NextFlag).
//
// Supported controls (docs/rules.md, clock rule 2): sudden death, Fischer
// increment, Bronstein delay, US (simple) delay, multi-stage controls with
// move counts ("40 moves in 90 min, then 30 min, +30 s"), a different
// control per side (handicap) and the increment_before_first_move option
// (FIDE/DGT convention: the first move's increment is credited at the start).
package clock
