package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"tandem/config"

	"tandem/bughouse"
	"tandem/internal/inputfile"
	"tandem/tournament"
)

const tournamentUsage = `usage:
  tandem tournament check FILE
  tandem tournament standings FILE [--results CSV] [--format text|csv|trf|trf-engine]
  tandem tournament pairings FILE ROUND PAIRINGS

FILE is a tournament file (TOML: the event, its rounds and the teams of
two; docs/tournament.md, example docs/examples/tournament.toml).

check       validates FILE and lists the teams and their players.
standings   ranks the teams by match points (Art 36) and the tie-breaks
            of Art 43: direct encounter (DE), Buchholz cut 1 (BH-1),
            Buchholz (BH), Sonneborn-Berger (SB), wins (W). --results
            reads the rounds' pairings and results from a CSV file
            (round,table,team1,team2,result; results from team 1's view:
            1-0, 1/2-1/2, 0-1, +/- and -/+ forfeits, -/- both absent).
            With a header the columns are found by name and others are
            ignored: the hall dashboard's results.csv is read as it is.
            --format: text (default), csv, trf (TRF-2026 team report:
            a record per player and per team), trf-engine (TRF with a
            record per team, for bbpPairings or JaVaFo to pair the next
            round).
pairings    reads ROUND's pairings and prints each table's four players
            by seat (team 1 sits A-white and B-black). PAIRINGS is a
            pairing engine's output (the number of pairs, then "WHITE
            BLACK" starting ranks, 0 for a bye) or, when it ends in .csv,
            a CSV file as for --results (its rows of ROUND).

Exit status: 0 done, 1 the TRF cannot be written (a result is missing),
2 bad usage or a bad file (FILE:LINE: field: what is wrong).
`

// runTournament implements "tandem tournament" (package tournament does
// the work).
func runTournament(args []string, stdout, stderr io.Writer) int {
	var (
		results, format string
		pos             []string
	)
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case a == "-h" || a == "--help" || a == "-help" || a == "help" && len(pos) == 0:
			fmt.Fprint(stdout, tournamentUsage)
			return 0
		case strings.HasPrefix(a, "-") && (name == "results" || name == "format"):
			if !hasValue {
				if i+1 >= len(args) {
					return usageError(stderr, "--%s needs a value", name)
				}
				i++
				value = args[i]
			}
			target := &results
			if name == "format" {
				target = &format
			}
			if *target != "" {
				return usageError(stderr, "--%s given twice", name)
			}
			if value == "" {
				return usageError(stderr, "--%s needs a value", name)
			}
			*target = value
		case strings.HasPrefix(a, "-"):
			return usageError(stderr, "unknown flag %s", a)
		default:
			pos = append(pos, a)
		}
	}
	if len(pos) == 0 {
		return usageError(stderr, "missing the subcommand: check, standings or pairings")
	}
	sub, pos := pos[0], pos[1:]
	if sub != "standings" && (results != "" || format != "") {
		return usageError(stderr, "--results and --format are for standings")
	}
	switch sub {
	case "check":
		if len(pos) != 1 {
			return usageError(stderr, "check wants one FILE, got %d arguments", len(pos))
		}
		return tournamentCheck(pos[0], stdout, stderr)
	case "standings":
		if len(pos) != 1 {
			return usageError(stderr, "standings wants one FILE, got %d arguments", len(pos))
		}
		return tournamentStandings(pos[0], results, format, stdout, stderr)
	case "pairings":
		if len(pos) == 1 {
			return usageError(stderr, "pairings wants FILE ROUND PAIRINGS, got 1 argument")
		}
		if len(pos) != 3 {
			return usageError(stderr, "pairings wants FILE ROUND PAIRINGS, got %d arguments", len(pos))
		}
		round, err := strconv.Atoi(pos[1])
		if err != nil || round < 1 {
			return usageError(stderr, "ROUND %q: a round number from 1", pos[1])
		}
		return tournamentPairings(pos[0], round, pos[2], stdout, stderr)
	}
	return usageError(stderr, "unknown subcommand %q; subcommands are check, standings and pairings", sub)
}

func usageError(stderr io.Writer, format string, args ...any) int {
	fmt.Fprintf(stderr, "tandem tournament: %s\n\n%s", fmt.Sprintf(format, args...), tournamentUsage)
	return 2
}

// fileError prints a file's error: an *tournament.Error as it says itself
// ("file:line: field: message"), others with the command's prefix.
func fileError(stderr io.Writer, err error) int {
	var te *tournament.Error
	if errors.As(err, &te) {
		fmt.Fprintln(stderr, te)
	} else {
		fmt.Fprintf(stderr, "tandem tournament: %v\n", err)
	}
	return 2
}

func tournamentCheck(file string, stdout, stderr io.Writer) int {
	t, err := tournament.Load(file)
	if err != nil {
		code := fileError(stderr, err)
		if _, cerr := config.Load(file); cerr == nil {
			// The slip the other way round: a table's configuration.
			fmt.Fprintf(stderr, "%s is a table's configuration: check it with `tandem check-config %s`\n", file, file)
		}
		return code
	}
	fmt.Fprintf(stdout, "%s: %s, %d rounds, %d teams\n", file, t.Name, t.Rounds, len(t.Teams))
	for _, tm := range t.Teams {
		fmt.Fprintf(stdout, "%3d  %s (%s): A %s, B %s\n", tm.ID, tm.Name, rating(tm.Rating()),
			playerText(tm.Players[0]), playerText(tm.Players[1]))
	}
	return 0
}

func rating(r int) string {
	if r == 0 {
		return "unrated"
	}
	return strconv.Itoa(r)
}

func playerText(p tournament.Player) string {
	s := p.Name + " " + rating(p.Rating)
	if p.Title != "" {
		s = p.Title + " " + s
	}
	if p.Federation != "" {
		s += " " + p.Federation
	}
	return s
}

func tournamentStandings(file, results, format string, stdout, stderr io.Writer) int {
	if format == "" {
		format = "text"
	}
	switch format {
	case "text", "csv", "trf", "trf-engine":
	default:
		return usageError(stderr, "--format %q; formats are text, csv, trf and trf-engine", format)
	}
	t, err := tournament.Load(file)
	if err != nil {
		return fileError(stderr, err)
	}
	if results != "" {
		data, err := inputfile.Read(results, tournament.MaxListSize)
		if err != nil {
			return fileError(stderr, err)
		}
		ms, err := t.ReadCSV(results, bytes.NewReader(data))
		if err == nil {
			err = t.Apply(results, ms)
		}
		if err != nil {
			return fileError(stderr, err)
		}
	}
	// Write to a buffer first: nothing half-written when the TRF refuses.
	var out bytes.Buffer
	switch format {
	case "text":
		fmt.Fprintf(&out, "%s: standings after round %d of %d\n", t.Name, t.LastRound(), t.Rounds)
		err = tournament.WriteText(&out, t.Standings())
		if err == nil && t.Armageddon {
			fmt.Fprintln(&out, "Teams sharing a rank play the armageddon match the event announced (Art 43.6).")
		}
	case "csv":
		err = tournament.WriteCSV(&out, t.Standings())
	case "trf":
		err = t.WriteTRF(&out, nil)
	case "trf-engine":
		err = t.WriteTRF(&out, &tournament.TRFOpts{Form: tournament.TRFEngine})
	}
	if err != nil {
		fmt.Fprintf(stderr, "tandem tournament: %v\n", err)
		return 1
	}
	if _, err := stdout.Write(out.Bytes()); err != nil {
		fmt.Fprintf(stderr, "tandem tournament: %v\n", err)
		return 1
	}
	return 0
}

func tournamentPairings(file string, round int, pairings string, stdout, stderr io.Writer) int {
	t, err := tournament.Load(file)
	if err != nil {
		return fileError(stderr, err)
	}
	if round > t.Rounds {
		return usageError(stderr, "ROUND %d: %s has %d rounds", round, file, t.Rounds)
	}
	data, err := inputfile.Read(pairings, tournament.MaxListSize)
	if err != nil {
		return fileError(stderr, err)
	}
	f := bytes.NewReader(data)
	var ms []tournament.Match
	if strings.EqualFold(filepath.Ext(pairings), ".csv") {
		all, err := t.ReadCSV(pairings, f)
		if err != nil {
			return fileError(stderr, err)
		}
		for _, m := range all {
			if m.Round == round {
				ms = append(ms, m)
			}
		}
		if len(ms) == 0 {
			fmt.Fprintf(stderr, "%s: no pairings for round %d\n", pairings, round)
			return 2
		}
	} else if ms, err = tournament.ReadEnginePairings(pairings, f, round); err != nil {
		return fileError(stderr, err)
	}
	if err := t.Apply(pairings, ms); err != nil {
		return fileError(stderr, err)
	}
	tables, err := t.Tables(round)
	if err != nil {
		return fileError(stderr, err)
	}
	fmt.Fprintf(stdout, "%s, round %d\n", t.Name, round)
	for _, tb := range tables {
		fmt.Fprintf(stdout, "table %d: %s (team 1) v %s (team 2)\n", tb.Number, tb.Team1.Name, tb.Team2.Name)
		for _, s := range bughouse.Seats {
			fmt.Fprintf(stdout, "  %-8s %s\n", s, tb.Player(s).Name)
		}
	}
	for _, tm := range t.Byes(round) {
		fmt.Fprintf(stdout, "bye: %s (scores %v)\n", tm.Name, t.ByePoints)
	}
	return 0
}
