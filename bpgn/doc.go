// Package bpgn reads bughouse game records in BPGN, the bughouse dialect
// of PGN, as written by FICS (via bughousedb), bughouse.pro, chess.com and
// crazyhouse engines (docs/rules.md: test data).
//
// A record has tags ([WhiteA "Alba"]), then movetext: moves numbered per
// board and color (1A. White on A, 1a. Black on A, 1B. White on B, 1b.
// Black on B) in approximately the real-time order of play, each usually
// followed by a clock stamp comment, and a final result token (1-0, 0-1,
// 1/2-1/2 or *; team 1 = White A + Black B, as in docs/rules.md).
//
// Read parses the movetext's structure only: move numbers and boards, the
// SAN text of each move (kept verbatim for a board engine, never
// validated), clock stamps, comments, tags and the result token. It
// understands three stamp dialects:
//
//   - {118.585} or {179}: the mover's remaining time after the move, in
//     seconds (FICS, crazyhouse engines). Parsed exactly with
//     clock.ParseSeconds, never through floating point.
//   - {[%clk 0:04:58.2]}: the same, written H:MM:SS(.fff) (PGN standard).
//   - {[ts=1.700]}: the match instant of the press, in seconds from the
//     start (bughouse.pro).
//
// A one-word comment where a stamp is due ({-5}, {abc}, {1.2.3}) is a
// stamp that is not a time: an error, not a missing stamp. Comments of
// several words ({C: ...}, {Dario checkmated}) are ordinary comments.
// The Result tag must be 1-0, 0-1, 1/2-1/2 or *.
//
// The result token's point of view differs between sources: docs/rules.md
// reads it as team 1's (White A + Black B), but the FICS records write the
// result of the game on the board that ended the match, from that board's
// White's view (fics_1934461: Carla, White on B, forfeits on time:
// "0-1", although her loss wins the match for team 1). Read keeps the
// token as written; package replay compares it in the record's own view.
//
// Write writes a Game back as BPGN (tags, moves with their stamps,
// comments, result) that Read reads to the same record. Move text is kept
// as written: package board reads and checks it (SAN dialects included).
//
// Durations in this package are time.Duration (nanoseconds). Rebuilding
// the press instants and replaying them is package replay's job.
package bpgn
