// Package timeline reads .timeline files: scripted bughouse matches, one
// event a line, for tests, demonstrations and arbiters' what-ifs.
//
//	# comments run from # to the end of the line
//	preset reglamento          # header lines, before the first event:
//	control 5m+0               #   preset NAME, control TEXT (clock.Parse:
//	option one_board_draw match-draw   # 5m+0, 5m d2s, 5m us2s), option KEY VALUE
//	0        start
//	1.25     press A-white
//	30       pause
//	60       resume            # or: resume A-black B-white (the seats whose clocks run)
//	61       adjust B-black +120s      # + adds, - removes (clock.ParseDuration)
//	62       claim A-white illegal-move  # reason: illegal-move, flag or other
//	63       uphold            # or: reject
//	70       result A 0-1 checkmate    # board, 1-0 | 0-1 | 1/2-1/2, reason word
//	80       reset
//	90       end               # optional, last: advance the clocks to 90 s
//
// Instants are seconds since the match epoch with up to 9 decimals, read
// exactly by clock.ParseSeconds; events must be in non-decreasing time
// order. Result reasons are rules.Reason words (checkmate, resignation,
// illegal-move, forfeit, agreement, stalemate, repetition); option keys
// are rules.OptionKeys.
//
// Read checks the syntax and everything that does not depend on the
// state of the match; whether an event is accepted at its instant is the
// rules engine's decision (package replay). Durations are time.Duration
// (nanoseconds).
package timeline
