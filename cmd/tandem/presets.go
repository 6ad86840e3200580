package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"tandem/rules"
)

// runPresets prints every preset with its options (RULES.md: presets).
func runPresets(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		fmt.Fprintf(stderr, "tandem presets: takes no arguments\n")
		return 2
	}
	for _, p := range rules.Presets() {
		o := p.Options
		fmt.Fprintf(stdout, "%s  (%s)\n  %s\n", p.Name, p.Source, p.Summary)
		w := tabwriter.NewWriter(stdout, 0, 0, 1, ' ', 0)
		fmt.Fprintf(w, "  time control\t%s (increment_before_first_move = %v)\n", o.Control, o.Control.IncrementBeforeFirstMove)
		fmt.Fprintf(w, "  start\t%s\n", o.Start)
		fmt.Fprintf(w, "  simultaneous_window\t%v\n", o.SimultaneousWindow)
		fmt.Fprintf(w, "  one_board_draw\t%s\n", o.OneBoardDraw)
		fmt.Fprintf(w, "  illegal_move\t%s\n", o.IllegalMove)
		fmt.Fprintf(w, "  stalemate\t%s\n", o.Stalemate)
		fmt.Fprintf(w, "  repetition_draw\t%v\n", o.RepetitionDraw)
		fmt.Fprintf(w, "  drop_check\t%s\n", o.DropCheck)
		fmt.Fprintf(w, "  pawn_drop_ranks\t%s\n", o.PawnDropRanks)
		fmt.Fprintf(w, "  piece_drop_ranks\t%s\n", o.PieceDropRanks)
		fmt.Fprintf(w, "  mate\t%s\n", o.Mate)
		fmt.Fprintf(w, "  promotion\t%s\n", o.Promotion)
		fmt.Fprintf(w, "  castle_dropped_rook\t%v\n", o.CastleDroppedRook)
		fmt.Fprintf(w, "  dropped_pawn_double_step\t%v\n", o.DroppedPawnDoubleStep)
		w.Flush()
		fmt.Fprintln(stdout)
	}
	return 0
}
