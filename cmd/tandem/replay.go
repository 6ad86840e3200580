package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"tandem/internal/inputfile"
	"tandem/replay"
	"tandem/rules"
)

const replayUsage = `usage: tandem replay FILE [--preset NAME] [--json]

Adjudicates a recorded game or a scripted match by driving the rules engine
in virtual time (instantly) and prints the result, its reason, the decisive
seat(s), the decision instant and the four clocks at that instant.

FILE is a BPGN record (.bpgn, .pgn) or a timeline (.timeline); another name
is read as BPGN when its text starts with "[", else as a timeline; - reads
standard input.

BPGN: presses are rebuilt from the {remaining-time} stamps (or bughouse.pro
{[ts=S]} instants) with the record's TimeControl; the recorded ending
({X checkmated}, {X resigns}, {X forfeits on time}) is replayed, and the
Result tag is checked against the replay. A record whose moves stop with
no ending comment and no result token is refused as incomplete (it may be
truncated), unless its Result tag is * (unfinished).

Every BPGN move is also played on the boards under the preset's board
options (drop checks, drop ranks, castling, promotion...), in the record's
order, with the four reserves tracked (a record whose Variant or Event tag
says crazyhouse is played as crazyhouse: captures to the own hand). The
first illegal move is reported with its board, move number, reason and the
rule option or article it breaks; a game recorded as ended by checkmate
must show the mate on its board.

A BPGN record in which some move has no clock stamp (a chess.com export
stamps only one board) is still replayed on the boards: every move is
checked and the recorded ending ({X checkmated}, {X resigns}, a draw, or
a chess.com Termination tag "X won by checkmate") is checked against the
boards, but the clocks are not adjudicated: the report says "clocks: not
adjudicated" with the first move that lacks its stamp and its line
(JSON: "clocks":"not adjudicated", "clocks_reason", and null
decided_at_ms, at_ms and clocks_ms), and a recorded loss on time is
reported as not checked (record.unchecked). A last move without a stamp
and with nothing after it is refused as truncated.

Timeline: one event a line, e.g. "0 start", "1.25 press A-white",
"61 adjust B-black +120s", "70 result A 0-1 checkmate"; events apply at
their instants; the report is taken at the last event, or at the instant of
a final "end" line (which lets flags fall until then). The complete grammar
(every line kind, claims, uphold, result reasons, flags) is the timeline
package's documentation: timeline/doc.go in the source tree (or run
"go doc tandem/timeline" there).

Flags (before or after FILE):
  --preset NAME   the rule preset; it wins over everything, including a
                  timeline's own "preset" line. Defaults: for BPGN the
                  record's Preset tag (tandem export writes it) when it
                  names a preset, else fics; for a timeline its preset
                  line, else reglamento.
  --json          print one JSON object (times in milliseconds) instead of text

Exit status: 0 replayed (also when the match is not decided, and when
the clocks are not adjudicated but every move is legal and the recorded
ending agrees with the boards, e.g. the recorded checkmate is on the
board); 1 the replay disagrees with the record's result or a move is
illegal (the report is still printed); 2 bad usage, unknown preset, or
malformed, empty or incomplete input (FILE:LINE: what is wrong).
`

// runReplay implements "tandem replay" (package replay does the work).
func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var (
		file, preset string
		asJSON       bool
		files        []string
	)
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--json" || a == "-json":
			asJSON = true
		case a == "--preset" || a == "-preset" || strings.HasPrefix(a, "--preset=") || strings.HasPrefix(a, "-preset="):
			name, hasValue := "", false
			if _, v, ok := strings.Cut(a, "="); ok {
				name, hasValue = v, true
			} else if i+1 < len(args) {
				i++
				name, hasValue = args[i], true
			}
			if !hasValue || name == "" {
				fmt.Fprintf(stderr, "tandem replay: --preset needs a name; presets are %s\n", strings.Join(rules.PresetNames(), ", "))
				return 2
			}
			if preset != "" {
				fmt.Fprintf(stderr, "tandem replay: --preset given twice (%s, then %s); give it once\n", preset, name)
				return 2
			}
			preset = name
		case a == "-h" || a == "--help" || a == "-help":
			fmt.Fprint(stdout, replayUsage)
			return 0
		case a == "--":
			files = append(files, args[i+1:]...)
			i = len(args)
		case strings.HasPrefix(a, "-") && a != "-":
			fmt.Fprintf(stderr, "tandem replay: unknown flag %s\n\n%s", a, replayUsage)
			return 2
		default:
			files = append(files, a)
		}
	}
	if len(files) > 1 {
		fmt.Fprintf(stderr, "tandem replay: unexpected argument %q after FILE %s\n\n%s", files[1], files[0], replayUsage)
		return 2
	}
	if len(files) != 1 {
		fmt.Fprintf(stderr, "tandem replay: expected one FILE, got %d\n\n%s", len(files), replayUsage)
		return 2
	}
	file = files[0]
	if preset != "" {
		if _, err := rules.LookupPreset(preset); err != nil {
			fmt.Fprintf(stderr, "tandem replay: %v\n", err)
			return 2
		}
	}
	var (
		src []byte
		err error
	)
	if file == "-" {
		src, err = inputfile.ReadAll(stdin, "-", replay.MaxSize)
	} else {
		src, err = inputfile.Read(file, replay.MaxSize)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tandem replay: %v\n", err)
		return 2
	}
	plan, err := replay.Load(file, src, preset)
	if err != nil {
		var ie *replay.InputError
		if errors.As(err, &ie) {
			fmt.Fprintln(stderr, ie)
		} else {
			fmt.Fprintf(stderr, "tandem replay: %s\n", fileErr(file, err))
		}
		return 2
	}
	rep, err := plan.Run(nil)
	if err != nil {
		fmt.Fprintf(stderr, "tandem replay: %s\n", fileErr(file, err))
		return 2
	}
	if asJSON {
		if err := rep.WriteJSON(stdout); err != nil {
			fmt.Fprintf(stderr, "tandem replay: %v\n", err)
			return 1
		}
	} else {
		fmt.Fprintf(stdout, "%s\n", file)
		if err := rep.WriteText(stdout); err != nil {
			return 1
		}
	}
	code := 0
	// Clocks not adjudicated and what that left unchecked are in the
	// report (and the JSON): a replay that succeeds says nothing on
	// standard error, where only a failure's lines go. A failure repeats
	// them there, as its context.
	failed := (rep.Moves != nil && rep.Moves.Illegal != nil) || rep.Mismatch != ""
	if failed && plan.NoClocks != "" {
		fmt.Fprintf(stderr, "tandem replay: %s:%d: clocks not adjudicated: %s\n", file, plan.NoClocksLine, plan.NoClocks)
	}
	if failed && rep.Unchecked != "" {
		fmt.Fprintf(stderr, "tandem replay: %s: not checked: %s\n", file, rep.Unchecked)
	}
	if rep.Moves != nil && rep.Moves.Illegal != nil {
		fmt.Fprintf(stderr, "tandem replay: %s:%d: illegal move under %s: %s\n", file, rep.Moves.Illegal.Line, rep.Preset, rep.Moves.Illegal)
		code = 1
	}
	if rep.Mismatch != "" {
		fmt.Fprintf(stderr, "tandem replay: %s: the replay disagrees with the record: %s\n", file, rep.Mismatch)
		code = 1
	}
	return code
}
