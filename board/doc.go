// Package board is tandem's bughouse board engine: one board (Position)
// or a match's two boards (Game) with the four reserves, FEN with the
// reserve in [...] and '~' for promoted pieces, SAN and UCI moves and
// drops, and legal move and drop generation under the board options of
// docs/rules.md (rules.Options: drop_check, pawn_drop_ranks,
// piece_drop_ranks, mate, promotion, castle_dropped_rook,
// dropped_pawn_double_step, stalemate).
//
// A capture goes to the capturer's partner (Art 10) as a piece of the
// partner's color; a promoted pawn goes as a pawn (Art 14). Crazyhouse
// (captures to the own hand) is a Variant so that the published
// crazyhouse perft counts check the generator.
//
// Positions are bitboards with a mailbox; move lists are fixed arrays on
// the caller's stack, so generating, checking and playing moves allocate
// nothing. A move that cannot be played gives an *IllegalError with the
// reason and the rule option or article it breaks. Status says whether
// the side to move is mated, stalemated, or must wait for a piece
// (mate = bughouse, stalemate = wait).
//
// The package has no state outside its values and starts no goroutines.
// docs/board.md describes the engine, the options and the commands that
// use it (tandem position, tandem perft, tandem replay).
package board
