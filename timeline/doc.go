// Package timeline reads .timeline files: scripted bughouse matches, one
// event a line, for tests, demonstrations and arbiters' what-ifs. tandem
// replay FILE.timeline plays them (package replay).
//
// # Grammar
//
// A timeline is text, one item a line; words are separated by blanks.
// "#" starts a comment that runs to the end of the line; blank and
// comment-only lines are skipped. Lines come in this order:
//
//	preset NAME            header, optional, at most once
//	control TEXT           header, optional, at most once
//	option KEY VALUE       header, optional, any number (each KEY once)
//	TIME EVENT [ARGS]      event lines: at least one
//	TIME end               optional, last line
//
// Headers come before the first event:
//
//   - preset NAME: the rule preset (fics, online, panoriental, pasapiezas,
//     reglamento, uscf-fics); default reglamento. tandem replay --preset
//     wins over it.
//   - control TEXT: the time control, replacing the preset's:
//     5m+0 or 5m (sudden death), 3m+2s (Fischer increment), 5m d2s
//     (Bronstein delay), 5m us2s (US delay), 40/90m+30s, 30m+30s (stages).
//     The preset's increment_before_first_move is kept.
//   - option KEY VALUE: one rule option, as in the configuration file,
//     applied after the preset and the control in file order, e.g.
//     "option illegal_move three-strikes", "option one_board_draw
//     match-draw", "option simultaneous_window 2ms". Keys: start,
//     increment_before_first_move, simultaneous_window, one_board_draw,
//     illegal_move, stalemate, repetition_draw, drop_check,
//     pawn_drop_ranks, piece_drop_ranks, mate, promotion,
//     castle_dropped_rook, dropped_pawn_double_step, illegal_move_claim,
//     draw_agreement, deadlock_draw, move_limit, fifty_move_draw,
//     match_format, no_show_tolerance (rules.OptionKeys).
//
// TIME is seconds from the match epoch, 0 or more, with up to 9 decimals
// (0, 1.25, 61.000000001; no sign, no unit), read exactly by
// clock.ParseSeconds. Events are in time order: a TIME is never less than
// the previous event's; equal times apply in file order. SEAT is A-white,
// A-black, B-white or B-black (any case; A-w, B-b also work); BOARD is A
// or B. The events:
//
//	TIME start                    the arbiter starts both boards (both White clocks run)
//	TIME press SEAT               SEAT presses his clock button (ends his move)
//	TIME pause                    both boards stop
//	TIME resume                   play continues with the turns in progress
//	TIME resume SEAT [SEAT]       play continues with these clocks running (one seat per board)
//	TIME adjust SEAT +DURATION    the arbiter adds time to SEAT (clocks stopped)
//	TIME adjust SEAT -DURATION    the arbiter removes time from SEAT (clocks stopped)
//	TIME claim SEAT KIND          SEAT, the claimant, claims; KIND: illegal-move, flag, other
//	TIME claim SEAT illegal-move ACCUSED   SEAT claims an illegal move by ACCUSED
//	TIME uphold                   the arbiter upholds the pending claim
//	TIME reject                   the arbiter rejects the pending claim
//	TIME result BOARD OUTCOME REASON   the arbiter declares BOARD's game
//	TIME warn SEAT                the arbiter warns SEAT (Art 40)
//	TIME penalty SEAT             SEAT loses the match by penalty (Art 40)
//	TIME agree                    all four players agree to draw the match
//	TIME deadlock                 no player to move on either board can move again
//	TIME call [DURATION]          the match is called: the no-show tolerance runs (Art 44)
//	TIME arrive SEAT              SEAT's player is at the table (Art 44)
//	TIME reset                    a new match with the same options, ready to start
//	TIME end                      advance the clocks to TIME, then report
//
// Their meaning:
//
//   - start: with option start black-press the first Black press starts
//     both White clocks instead; with start both-black (uscf-fics) both
//     Black players press and the second press starts both White clocks;
//     "start" still starts them at once.
//   - resume: before the start (start arbiter), a bare resume is the pause
//     switch released: it starts both boards. A pending claim must be
//     resolved first.
//   - adjust: the sign is required (+30s adds, -30s removes); DURATION is
//     30s, 1m30s, 2.5s or a plain number of seconds (2.5), not zero, at
//     most 24h. The clocks must be stopped: before the start, after pause,
//     or while a claim stops play.
//   - claim: play stops on both boards until the claim is resolved by
//     uphold or reject. KIND is what the claimant says happened:
//     illegal-move or illegal (his opponent moved illegally), flag (a fallen
//     flag) or other (anything else: conduct, a wrong press). An
//     illegal-move claim is refused unless the accused made the last press
//     on that board (Art 26-27: the claim comes before his opponent moves).
//     ACCUSED, a player of the other team, is named when he is not the
//     claimant's board opponent: "12 claim B-white illegal-move A-white"
//     is B-white accusing his partner's opponent, which option
//     illegal_move_claim opposing-team allows (seeds 001, 003) and
//     board-opponent refuses (Art 29). Left out, the accused is the
//     claimant's board opponent.
//   - uphold: an upheld illegal-move claim punishes the claimant's
//     opponent as the illegal_move option says: loss-on-claim, the
//     opponent loses at once (board result by illegal-move); three-strikes,
//     he loses at his third upheld illegal move; arbiter, nothing happens
//     by itself. A move that does not lose is taken back (its increment
//     and stage time too): the offender moves again. Upheld flag and other claims decide nothing by
//     themselves either: the arbiter then declares a result (result) or
//     adjusts time (adjust). After uphold or reject play stays stopped
//     until resume.
//   - result: OUTCOME is 1-0, 0-1 or 1/2-1/2, from that board's White's
//     view. REASON is checkmate (or mate), resignation, illegal-move (or
//     illegal), forfeit, agreement (or draw), stalemate, repetition or
//     fifty-moves. checkmate, resignation, illegal-move and forfeit need a
//     winner; agreement, repetition and fifty-moves are 1/2-1/2
//     (repetition only when repetition_draw is true, fifty-moves when
//     fifty_move_draw is, agreement only when draw_agreement is one-board:
//     under all-four write agree); stalemate follows the stalemate option.
//     flag is no result REASON: flags fall by themselves. The match
//     result follows from the board results (one_board_draw option;
//     opposite results at the same instant draw the match; under
//     match_format both-boards the other board plays on and the match is
//     the sum of both boards).
//   - warn: recorded and counted per player; nothing else changes.
//     penalty: SEAT's team loses the match at once (reason penalty).
//   - agree: the match is drawn (reason all-agreed); under match_format
//     both-boards, the boards still in play are.
//   - deadlock: the match is drawn (reason deadlock) when deadlock_draw
//     is true (the online preset); refused otherwise. A table decides it
//     from the positions of its scoresheet; a timeline, which has no
//     moves, states it.
//   - call: before the start. The tolerance is DURATION, or the
//     no_show_tolerance option when left out (refused when that is 0).
//     When it runs out, a team with a player who has not arrived loses
//     by forfeit at that exact instant, both boards lost by its players;
//     both teams absent lose both (result 0-0). A start, or all four
//     arrived, ends the countdown. arrive: before the start.
//   - move_limit: the press that completes that many moves of both
//     boards together draws the match (reason move-limit; 800 in online).
//   - end: optional and last. Without it the report is taken at the last
//     event; with it the clocks run on until TIME (which may equal the
//     last event's), so flags can fall.
//
// Flags need no line: a clock that reaches zero flags at its exact instant.
// Two flags are simultaneous when their instants are at most
// simultaneous_window apart (1 ms in every preset). The window is
// inclusive: flags exactly 1 ms apart are simultaneous, 1.000001 ms apart
// are not.
//
// Example:
//
//	# comments run from # to the end of the line
//	preset reglamento
//	control 5m+0
//	option one_board_draw match-draw
//	0        start
//	1.25     press A-white
//	30       pause
//	60       resume            # or: resume A-black B-white
//	61       claim A-black illegal-move   # A-black says A-white (who pressed last) moved illegally
//	62       reject            # uphold would make A-white lose (illegal_move loss-on-claim)
//	62.5     adjust B-black +120s         # the clocks are still stopped
//	63       resume
//	70       result B 1/2-1/2 agreement   # match-draw: the match is drawn
//	90       end
//
// Read checks the syntax and everything that does not depend on the
// state of the match; whether an event is accepted at its instant is the
// rules engine's decision (package replay), and a refused or ignored
// event is listed in the report. Durations are time.Duration
// (nanoseconds).
package timeline
