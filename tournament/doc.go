// Package tournament holds a bughouse team tournament's data: the teams of
// two (Art 5 of the regulation, docs/rules.md: the articles tandem cites), the
// pairings of each round, the match results, the standings with the
// tie-breaks of Art 43, and the exports a hall needs: TRF-2026 for FIDE
// and for pairing engines, and CSV.
//
// The flow, as a hall uses it:
//
//   - Load reads the tournament file (TOML, docs/tournament.md): name, city,
//     federation, dates, arbiters, rounds, time control and the teams, each
//     with its starting rank and two players (name, rating, FIDE id,
//     federation). Errors name the file, line and field; nothing is
//     half-loaded.
//   - ReadEnginePairings (the output of bbpPairings or JaVaFo: the number of
//     pairs, then "white black" starting ranks, 0 for a bye) or ReadCSV
//     (round,table,team1,team2[,result], by header name: the hall dashboard's
//     results.csv is one) give the matches of a round;
//     SetRound stores them and Tables gives each table its four players by
//     seat, in bughouse.Seat order: A-white, A-black, B-white, B-black.
//   - Record stores a match result (Result: 1-0, 1/2-1/2, 0-1 from team 1's
//     view, forfeits of Art 44; a bye needs none).
//   - Standings ranks the teams by match points (Art 36) and the tie-breaks
//     of Art 43 in its order: direct encounter, Buchholz cut 1, Buchholz,
//     Sonneborn-Berger, wins. Art 43.6 (an armageddon match) is played, not
//     computed: teams still equal after the five share their rank.
//   - WriteTRF writes the tournament as TRF-2026 (FIDE's Tournament Report
//     File), WriteCSV the standings.
//
// # Seats and teams
//
// In a match, team 1 sits A-white and B-black, team 2 A-black and B-white
// (bughouse.Seat.Team). A team's first player plays board A and its second
// board B, in every round: the file's order is the board order (TRF-2026's
// record 310 is the same "fixed board order"). A pairing engine's "white"
// team is team 1, whose board-A player has White: the colour sequence by
// board is W, B (TRF-2026 tag 352). Colour alternation between rounds
// (Art 42) is the engine's job; this package keeps what the pairing says.
//
// # Byes, forfeits and unplayed rounds
//
// A pairing-allocated bye scores Tournament.ByePoints (1 by default: a win,
// as FIDE's TRF scores a PAB). A team neither paired nor given a bye in a
// round scores 0 for it (an absence, TRF's zero-point bye). A forfeit
// (Art 44) scores like a win and a loss, and counts as a win for Art 43.5.
// For Buchholz and Sonneborn-Berger the unplayed rounds follow FIDE's
// virtual-opponent rule (Handbook C.02 13.15, the rule the 2023
// tie-break regulations replaced; simpler to check by hand and stated here
// exactly): see Standings.
//
// A Tournament is not safe for concurrent use: one goroutine (the hall's
// loop) owns it.
package tournament
