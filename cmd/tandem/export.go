package main

import (
	"fmt"
	"io"
	"strings"

	"tandem/config"
	"tandem/journal"
)

const exportUsage = `usage: tandem export MATCH [--record FILE] --format timeline|json|csv|bpgn [--exact]

Writes a recorded match to standard output (docs/record.md).

MATCH is a match id as the record and tandem verify-record show it
(20261129-212200-3f9a), a unique beginning of one, "last" (the latest
match), or for csv "all" (one row per match).

  --record FILE   the record to read (default ` + config.DefaultJournalFile + `)
  --format F      timeline: a .timeline script that tandem replay adjudicates
                  to the same result and clocks (not for per-seat controls),
                  its times from the match's start as the console's;
                  json: the match, its outcome and every record, times in
                  whole milliseconds (--exact: with their fractions);
                  csv: date, match, table, players, preset, control, result,
                  reason, decisive seats, decision instant and clocks;
                  bpgn: the game record, both boards' moves from the
                  console's scoresheet with clock stamps (the mover's time
                  after the press that completed the move), for
                  tandem replay FILE --preset PRESET; a match whose moves
                  were never entered has none, and export says so: its
                  timeline replays the clocks instead

Exit status: 0 written, 1 the record cannot be read or the match replayed,
2 bad usage or no such match.
`

// runExport runs tandem export MATCH --format timeline|json|csv|bpgn
// [--record FILE].
func runExport(args []string, stdout, stderr io.Writer) int {
	record, format, exact := config.DefaultJournalFile, "", false
	var pos []string
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "tandem export: "+format+"\n\n%s", append(a, exportUsage)...)
		return 2
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || a == "-" {
			pos = append(pos, a)
			continue
		}
		switch name {
		case "h", "help":
			fmt.Fprint(stdout, exportUsage)
			return 0
		case "exact":
			exact = true
		case "record", "format":
			if !hasVal {
				if i+1 >= len(args) {
					return bad("--%s needs a value", name)
				}
				i++
				val = args[i]
			}
			if name == "record" {
				record = val
			} else {
				format = val
			}
		default:
			return bad("unknown flag %s", a)
		}
	}
	if len(pos) > 1 {
		return bad("unexpected argument %q", pos[1])
	}
	if len(pos) != 1 {
		return bad("need one MATCH (an id, \"last\" or, for csv, \"all\")")
	}
	switch format {
	case "timeline", "json", "csv", "bpgn":
	case "":
		return bad("--format is required: timeline, json, csv or bpgn")
	default:
		return bad("--format %q: use timeline, json, csv or bpgn", format)
	}
	// VerifyFile, not LoadFile: the chain and the witness are checked
	// too, so a record shorter than what was reported durable (a lost
	// final result) is said here as verify-record says it, not exported
	// as an undecided match without a word.
	l, _, err := journal.VerifyFile(record)
	if err != nil {
		fmt.Fprintf(stderr, "tandem export: %s\n", fileErr(record, err))
		return 1
	}
	if l.Damage != nil {
		fmt.Fprintf(stderr, "tandem export: %s: %v; exporting the records before it (run tandem verify-record)\n", record, l.Damage)
	}
	ms, err := l.Matches()
	if err != nil {
		fmt.Fprintf(stderr, "tandem export: %s\n", fileErr(record, err))
		return 1
	}
	if pos[0] == "all" {
		if format != "csv" {
			return bad("\"all\" is for --format csv; name one match for %s", format)
		}
		if err := journal.WriteCSV(stdout, ms); err != nil {
			fmt.Fprintf(stderr, "tandem export: %v\n", err)
			return 1
		}
		return 0
	}
	m, err := journal.Find(ms, pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "tandem export: %s\n", fileErr(record, err))
		return 2
	}
	switch format {
	case "timeline":
		err = journal.WriteTimeline(stdout, m)
	case "json":
		if exact {
			err = journal.WriteJSONExact(stdout, m)
		} else {
			err = journal.WriteJSON(stdout, m)
		}
	case "csv":
		err = journal.WriteCSV(stdout, []*journal.Match{m})
	case "bpgn":
		err = journal.WriteBPGN(stdout, m)
		if err == nil && !hasMoves(m) {
			// Written all the same (it holds the players and the
			// result), but tandem replay needs moves: say so now.
			fmt.Fprintf(stderr, "tandem export: %s\n", cli().T("cli.no-moves", "Match", m.ID(), "Arg", pos[0]))
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "tandem export: %v\n", err)
		return 1
	}
	return 0
}

// hasMoves reports whether m's scoresheet has a move at its end: moves
// entered, not all taken back.
func hasMoves(m *journal.Match) bool {
	n := 0
	for _, r := range m.Records {
		switch r.Kind {
		case journal.KindMove:
			n++
		case journal.KindTakeBack:
			n--
		}
	}
	return n > 0
}
