// Package replay adjudicates a recorded bughouse game (.bpgn) or a
// scripted match (.timeline) by driving the same rules engine as the
// table (rules.Match) in virtual time: every event is applied at its
// recorded instant, instantly, and flags fall at their exact instants
// (rules.Match.Advance, NextDeadline).
//
// A replay has two steps. A Plan (FromBPGN, FromTimeline, or Load for a
// file) turns a record into options and an ordered list of Steps; Run
// applies them and returns a Report: result, reason, decisive seats, the
// decision instant and the four clocks, plus every event the engine
// ignored or refused.
//
// BPGN records carry each mover's remaining time after each move. A
// board's press instant is the total time both its players had used at
// that press: used = base + credited increments - remaining stamp, with
// FICS crediting the increment after each move (docs/rules.md test data).
// Both White clocks start at instant 0. A record must end: its moves are
// followed by an ending comment ({X forfeits on time}), a result token, or
// a bughouse.pro Outcome tag; one that stops without any of them is
// refused as incomplete (truncated) unless its Result tag is "*". The two boards' presses are merged
// by instant; equal instants keep the record's order.
//
// Limits of BPGN (docs/record.md, exports): a resignation or an agreed
// draw has no instant in the record, so it is declared right after the
// last press on its board, and the report's decision instant and clocks
// are that press's (a .timeline replays the declaration at its
// instant); the TimeControl tag is read as FICS writes it, so an
// increment credited before the first move, written in the base by
// tandem export ("182+2" for 3m+2s), reads as 3m2s+2s.
//
// The moves of a BPGN record are also played on the two boards (package
// board) under the plan's options, in the record's order, with the four
// reserves tracked: Plan.Moves and Report.Moves (MoveCheck) give the first
// illegal move (board, move number, reason, the rule option or article it
// breaks) and, for a game recorded as ended by checkmate, whether the
// board shows the mate; a recorded mate the board does not show is a
// Mismatch.
//
// A record in which some move has no clock stamp (a chess.com export
// stamps only one board) cannot have its clocks adjudicated, but its
// moves can still be checked: the plan then has no presses, the recorded
// ending (checkmate, resignation, forfeit, draw; from a FICS comment, the
// bughouse.pro Outcome tag or the chess.com Termination tag) is declared
// at instant 0, and Plan.NoClocks and Report.NoClocks say why the clocks
// are not adjudicated, naming the first unstamped move and its line. A
// recorded loss on time, or a bare result with no ending, is then left
// unchecked (Report.Unchecked), not a Mismatch.
//
// Units: every instant and duration in Go values is a time.Duration
// (nanoseconds since the match epoch); the JSON report writes
// milliseconds, with a fraction when the instant is not a whole
// millisecond (118585.5).
package replay
