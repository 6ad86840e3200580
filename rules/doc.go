// Package rules is the bughouse regulation as a state machine: two boards,
// four seats, one match.
//
// A Match applies Events (start, press, pause, resume, time adjustment,
// claim, claim resolution, board result, reset) one at a time, in the order
// of their instants, and decides the match exactly as docs/rules.md's clock rules
// 1-10 say: the first decision ends the match and halts the other board at
// that instant (Art 31); flags within the simultaneous window count as
// simultaneous (rule 6, Art 35); a result, once decided, never changes.
//
// The package is pure: it never reads the system clock, sleeps or starts a
// goroutine. Instants are time.Duration values since the match epoch
// (nanoseconds). The match loop (package table) owns a Match and feeds it
// timestamped events; replays feed it virtual instants.
//
// Options and the six presets of docs/rules.md (reglamento, pasapiezas, online,
// uscf-fics, panoriental, fics) live here too, including the board options
// (drops, mate, promotion) that the board engine will enforce.
package rules
