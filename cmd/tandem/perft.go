package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"tandem/board"
	"tandem/rules"
)

const perftUsage = `usage: tandem perft FEN DEPTH [--variant crazyhouse|bughouse] [--preset NAME] [--time]

Counts the leaves of the legal move tree DEPTH plies deep (0 to 10) and
prints the count: the standard check of a move generator against published
numbers (crazyhouse: board/testdata/zh-perft.txt).

  --variant crazyhouse  captures go to the capturer's own hand (default)
  --variant bughouse    captures leave the board (for the partner)
  --time                print the time taken and nodes per second on stderr
  --preset NAME         the preset's board options (drop ranks, drop checks,
                        castling, ...). Default: crazyhouse's own rules
                        (pawns on ranks 2-7, drops may check) for crazyhouse;
                        reglamento for bughouse

FEN: as for tandem position; quote it or give its fields as words.
Exit status: 0 printed; 2 bad usage or FEN.
`

// runPerft runs tandem perft FEN DEPTH [--variant crazyhouse|bughouse] [--preset NAME].
func runPerft(args []string, stdout, stderr io.Writer) int {
	var (
		words           []string
		preset, variant string
		timed           bool
	)
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-h" || a == "--help":
			fmt.Fprint(stdout, perftUsage)
			return 0
		case a == "--preset" || strings.HasPrefix(a, "--preset="):
			v, ok := flagValue(args, &i)
			if !ok {
				fmt.Fprintf(stderr, "tandem perft: --preset needs a name; presets are %s\n", strings.Join(rules.PresetNames(), ", "))
				return 2
			}
			preset = v
		case a == "--time":
			timed = true
		case a == "--variant" || strings.HasPrefix(a, "--variant="):
			v, ok := flagValue(args, &i)
			if !ok || (v != "crazyhouse" && v != "bughouse") {
				fmt.Fprintf(stderr, "tandem perft: --variant is crazyhouse or bughouse\n")
				return 2
			}
			variant = v
		case strings.HasPrefix(a, "--"):
			fmt.Fprintf(stderr, "tandem perft: unknown flag %s\n\n%s", a, perftUsage)
			return 2
		default:
			words = append(words, a)
		}
	}
	if len(words) < 2 {
		fmt.Fprintf(stderr, "tandem perft: need FEN and DEPTH\n\n%s", perftUsage)
		return 2
	}
	depth, ok := atoiDepth(words[len(words)-1])
	if !ok {
		fmt.Fprintf(stderr, "tandem perft: DEPTH %q: a whole number from 0 to 10\n", words[len(words)-1])
		return 2
	}
	v := board.Crazyhouse
	if variant == "bughouse" {
		v = board.Bughouse
	}
	r := board.CrazyhouseRules
	if preset != "" || v == board.Bughouse {
		if preset == "" {
			preset = rules.DefaultPreset
		}
		p, err := rules.LookupPreset(preset)
		if err != nil {
			fmt.Fprintf(stderr, "tandem perft: %v\n", err)
			return 2
		}
		r = p.Options.Rules
		r.Variant = v
	}
	fen := strings.Join(words[:len(words)-1], " ")
	if fen == "startpos" {
		fen = board.Start
	}
	p, err := board.ParseFEN(fen, r)
	if err != nil {
		fmt.Fprintf(stderr, "tandem perft: %v\n", err)
		return 2
	}
	start := time.Now()
	n := p.Perft(depth)
	el := time.Since(start)
	fmt.Fprintln(stdout, n)
	if timed {
		fmt.Fprintf(stderr, "perft %d: %d nodes in %.3f ms, %.0f nodes/s\n", depth, n, float64(el.Nanoseconds())/1e6, float64(n)/el.Seconds())
	}
	return 0
}
