// Package scoresheet is the arbiter's (or a recorder's) scoresheet of one
// bughouse match: the moves and drops of both boards in the order they
// were entered, checked by the board engine (package board) under the
// match's rule options, with the four reserves they leave.
//
// A Sheet accepts a move for a board as SAN or UCI text ("Nf3", "exd5",
// "e8=Q", "N@f3", "g1f3", "e7e8q") from the player to move there, or
// refuses it with an *Error giving the reason and the rule option or
// article it breaks (board.IllegalError's: "a drop may not give check
// (drop_check = forbidden, Art 17)"). A refused entry changes nothing.
//
// Bughouse ties the two boards: a capture on one board feeds the
// partner's reserve on the other (Art 10), so the sheet keeps one list in
// entry order rather than two. The position "at ply n" of a board is the
// one its (n+1)-th move was (or will be) played in: n moves made on that
// board and every move of the other board entered before that next move.
// Position shows it (FEN, side, check, status, the four reserves as piece
// and count); Test tries a move there without entering it (an arbiter
// settling a claim: "that drop gave check"); TakeBack removes a board's
// last move (a typing slip), and refuses when a piece that move captured
// was dropped since on the other board: that drop is taken back first.
//
// A Sheet holds plain values, starts no goroutine and is not safe for
// concurrent use: its owner (the console) serializes calls. Earlier
// positions are computed by replaying the entries from the start (a few
// microseconds per move), never stored.
package scoresheet
