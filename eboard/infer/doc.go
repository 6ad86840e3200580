// Package infer finds the moves and drops of a bughouse board from what an
// electronic board sees: the piece on each square, changed one square at
// a time as pieces are lifted and set down.
//
// The board reports squares, not moves. A move shows as the squares whose
// piece differs between the position on the scoresheet and the board; the
// clock press is the commit point (docs/eboard.md): at a press, the
// board's change since that board's last press is matched against the
// legal moves and drops of the position under the match's board rules
// (package board). Only the board at the press counts, so the order of
// the changes does not: a capture lifted in either order, castling in
// any order of its four changes, a piece lifted and put back, slid over
// several squares or set down on the wrong square and corrected all
// leave the same board. A piece set down on an empty square with no lift
// is a drop from the mover's reserve (Art 10: the reserve is off the
// board), which must hold it; a promotion is the pawn's square emptied
// and the new piece on the last rank, entered as a promotion so that the
// piece is marked promoted and returns to a reserve as a pawn (Art 14).
//
// A board that no legal move or drop explains raises an Alert with the
// squares that differ and, when the change looks like one move, the
// board engine's reason it is illegal; the alert clears by itself when
// the board is restored to the sheet's position or the sheet is
// corrected to the board's, and a move that completes after its press
// (the piece set down just after the press reached the clock) is entered
// then, stamped with that press.
//
// Tracker follows one board between presses; Explain is the pure
// matching. The package has no state outside its values, starts no
// goroutines and does no I/O; it imports only the core (board, bughouse).
package infer
