package board

// Perft counts the leaves of the legal move tree of depth d (d <= 0
// counts 1): the standard check of a move generator against published
// counts (zh-perft.txt). Leaves are counted without playing them.
func (p *Position) Perft(d int) uint64 {
	if d <= 0 {
		return 1
	}
	if d == 1 {
		return uint64(p.CountLegal())
	}
	var l MoveList
	p.LegalMoves(&l)
	var n uint64
	for _, m := range l.Slice() {
		u := p.Make(m)
		n += p.Perft(d - 1)
		p.Unmake(m, &u)
	}
	return n
}
