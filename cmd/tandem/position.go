package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"tandem/board"
	"tandem/bughouse"
	"tandem/rules"
)

const positionUsage = `usage: tandem position FEN [--preset NAME] [--moves SAN ...] [--json]

Prints a bughouse position after the moves: the side to move, whether it
is in check, its status (ongoing, checkmate, stalemate, or must-wait: no
move now, but a piece that may arrive could be dropped), the legal moves
and drops in SAN, and the two players' reserves.

FEN has the reserve in [...] after the board ("...RNBQKBNR[Nnp] w KQkq - 0 1")
or as a ninth rank ("RNBQKBNR/Nnp"); '~' after a piece marks a promoted pawn.
Quote it, or give its fields as separate words. "startpos" is the initial
position.

Flags:
  --preset NAME   the rule preset (default reglamento); its board options
                  decide what is legal
  --moves SAN...  moves to play first, in SAN or UCI (N@f3, e8=Q, O-O,
                  g1f3); the first illegal one stops with its reason and
                  the rule it breaks
  --json          one JSON object: fen, side, in_check, status,
                  legal_count, legal, reserves

A capture's piece leaves this board: it goes to the partner's reserve on
the other board, which this command does not show.

Exit status: 0 printed; 1 an illegal move in --moves; 2 bad usage or FEN.
`

// positionJSON is the --json output.
type positionJSON struct {
	Preset     string            `json:"preset"`
	FEN        string            `json:"fen"`
	Side       string            `json:"side"`
	InCheck    bool              `json:"in_check"`
	Status     string            `json:"status"`
	LegalCount int               `json:"legal_count"`
	Legal      []string          `json:"legal"`
	Reserves   map[string]string `json:"reserves"`
}

// runPosition runs tandem position FEN [--preset NAME] [--moves SAN ...] [--json].
func runPosition(args []string, stdout, stderr io.Writer) int {
	var (
		fenParts, moves []string
		preset          string
		asJSON, inMoves bool
	)
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-h" || a == "--help":
			fmt.Fprint(stdout, positionUsage)
			return 0
		case a == "--json":
			asJSON, inMoves = true, false
		case a == "--moves":
			inMoves = true
		case a == "--preset" || strings.HasPrefix(a, "--preset="):
			inMoves = false
			v, ok := flagValue(args, &i)
			if !ok {
				fmt.Fprintf(stderr, "tandem position: --preset needs a name; presets are %s\n", strings.Join(rules.PresetNames(), ", "))
				return 2
			}
			preset = v
		case strings.HasPrefix(a, "--"):
			fmt.Fprintf(stderr, "tandem position: unknown flag %s\n\n%s", a, positionUsage)
			return 2
		case inMoves:
			moves = append(moves, a)
		default:
			fenParts = append(fenParts, a)
		}
	}
	if len(fenParts) == 0 {
		fmt.Fprintf(stderr, "tandem position: no FEN\n\n%s", positionUsage)
		return 2
	}
	if preset == "" {
		preset = rules.DefaultPreset
	}
	ps, err := rules.LookupPreset(preset)
	if err != nil {
		fmt.Fprintf(stderr, "tandem position: %v\n", err)
		return 2
	}
	r := ps.Options.Rules
	fen := strings.Join(fenParts, " ")
	if fen == "startpos" {
		fen = board.Start
	}
	p, err := board.ParseFEN(fen, r)
	if err != nil {
		fmt.Fprintf(stderr, "tandem position: %v\n", err)
		return 2
	}
	for i, s := range moves {
		m, err := p.ParseMove(s)
		if err != nil {
			var ie *board.IllegalError
			if errors.As(err, &ie) {
				fmt.Fprintf(stderr, "tandem position: move %d (%s, %s to move) is illegal under %s: %v\n", i+1, s, p.Side(), preset, err)
				fmt.Fprintf(stderr, "position before it: %s\n", p.FEN())
				return 1
			}
			fmt.Fprintf(stderr, "tandem position: %v\n", err)
			return 2
		}
		p.Make(m)
	}
	var l board.MoveList
	p.LegalMoves(&l)
	out := positionJSON{
		Preset: preset, FEN: p.FEN(), Side: p.Side().String(), InCheck: p.InCheck(),
		Status: p.Status().String(), LegalCount: l.N, Legal: make([]string, 0, l.N),
		Reserves: map[string]string{"white": p.Reserve(bughouse.White), "black": p.Reserve(bughouse.Black)},
	}
	for _, m := range l.Slice() {
		out.Legal = append(out.Legal, p.SAN(m))
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(stderr, "tandem position: %v\n", err)
			return 1
		}
		return 0
	}
	check := "no"
	if out.InCheck {
		check = "yes"
	}
	writeDiagram(stdout, p)
	fmt.Fprintf(stdout, "fen       %s\npreset    %s\nside      %s\nin check  %s\nstatus    %s\nreserves  white %s, black %s\nlegal     %d\n",
		out.FEN, preset, out.Side, check, out.Status, orDash(out.Reserves["white"]), orDash(out.Reserves["black"]), out.LegalCount)
	writeWrapped(stdout, out.Legal)
	return 0
}

// writeDiagram prints the board from White's side: upper case White,
// lower case Black, '~' after a promoted pawn, '.' an empty square.
func writeDiagram(w io.Writer, p *board.Position) {
	for r := 7; r >= 0; r-- {
		line := []byte{byte('1' + r), ' '}
		for f := 0; f < 8; f++ {
			s := board.Sq(f, r)
			c, mark := byte('.'), byte(' ')
			if pc := p.At(s); pc != 0 {
				c = pc.Letter()
				if p.IsPromoted(s) {
					mark = '~'
				}
			}
			line = append(line, ' ', c, mark)
		}
		fmt.Fprintf(w, "%s\n", strings.TrimRight(string(line), " "))
	}
	fmt.Fprintf(w, "   a  b  c  d  e  f  g  h\n\n")
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// writeWrapped prints words indented, about 76 columns a line.
func writeWrapped(w io.Writer, words []string) {
	line := ""
	for _, s := range words {
		if len(line)+len(s) > 74 {
			fmt.Fprintf(w, "  %s\n", line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += s
	}
	if line != "" {
		fmt.Fprintf(w, "  %s\n", line)
	}
}

// flagValue returns the value of the flag at args[*i], given as
// --flag=value or as the next argument (advancing *i).
func flagValue(args []string, i *int) (string, bool) {
	if _, v, ok := strings.Cut(args[*i], "="); ok {
		return v, v != ""
	}
	if *i+1 < len(args) {
		*i++
		return args[*i], args[*i] != ""
	}
	return "", false
}

// atoiDepth reads a perft depth: 0 to 10.
func atoiDepth(s string) (int, bool) {
	d, err := strconv.Atoi(s)
	return d, err == nil && d >= 0 && d <= 10
}
