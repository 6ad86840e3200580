// Package session reads, writes and replays a recorded e-board session:
// a text file with one item per line, in time order,
//
//	# comment to end of line; blank lines skipped
//	TIME BOARD HEX     a message from board A or B: the hex bytes of one
//	                   message, e.g. 12.5 A 8E00052D03 (a white knight
//	                   put down on f3)
//	TIME press SEAT    a clock press: A-white, A-black, B-white, B-black
//
// TIME is seconds from the session's start (0 or more, up to 9
// decimals, never decreasing). Replay plays it as the table does
// (docs/eboard.md): each board's messages feed a tracker
// (eboard/infer), a press of the player whose clock runs commits that
// board's change since its last press to the scoresheet, and an
// unexplained board raises an alert. tandem eboard replay prints the
// outcome; tandem eboard record writes such files from live boards.
package session
