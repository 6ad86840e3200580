// Command tandem is the clock and arbiter's console for an over-the-board
// bughouse match.
//
// Usage:
//
//	tandem                          simulated table in the terminal and browser
//	tandem sim [--config FILE] [--preset NAME]  the same, configured
//	tandem run [--config FILE] [--preset NAME] [--script FILE]
//	tandem probe --config FILE [--for DURATION]
//	tandem eboard replay FILE [--preset NAME] [--json]
//	tandem eboard record --config FILE [--out FILE] [--for DURATION]
//	tandem replay FILE [--preset NAME] [--json]
//	tandem verify-record FILE
//	tandem export MATCH [--record FILE] --format timeline|json|csv
//	tandem position FEN [--preset NAME] [--moves SAN ...] [--json]
//	tandem perft FEN DEPTH [--variant crazyhouse|bughouse] [--preset NAME] [--time]
//	tandem check-config FILE
//	tandem tournament check|standings|pairings FILE ...
//	tandem hall ARGS                 runs tandem-hall ARGS, the hub's own program
//	tandem presets
//
// main only parses the command line and hands over to the packages.
package main

import (
	"fmt"
	"io"
	"os"

	"tandem/internal/printable"
)

const usage = `tandem: the clock and arbiter's console for an over-the-board bughouse match

Usage:
  tandem                                   play on a simulated table in this terminal
                                           (and in the browser: the web console)
  tandem sim [--config FILE] [--preset NAME]
                                           the same, with a configuration file or preset
  tandem run [--config FILE] [--preset NAME] [--script FILE]
                                           run a table as a service: the GPIO buttons
                                           and displays in hardware mode, the web
                                           console, the match record; --script plays
                                           a timeline on it in real time
  tandem replay FILE [--preset NAME] [--json]
                                           adjudicate a recorded game (.bpgn) or a
                                           scripted match (.timeline) in virtual time
  tandem probe --config FILE [--for DURATION]
                                           check the wiring: light each display, show
                                           every button and switch edge live
  tandem eboard replay FILE [--preset NAME] [--json]
                                           replay a recorded e-board session: the
                                           moves the boards and presses make
  tandem eboard record --config FILE [--out FILE] [--for DURATION]
                                           record a session from the e-boards and
                                           the clock presses (docs/eboard.md)
  tandem verify-record FILE                check a match record's audit chain
  tandem export MATCH [--record FILE] --format timeline|json|csv
                                           write a recorded match out (MATCH: an id,
                                           "last", or "all" for csv)
  tandem position FEN [--preset NAME] [--moves SAN ...] [--json]
                                           a bughouse position: status, legal moves,
                                           reserves
  tandem perft FEN DEPTH [--variant crazyhouse|bughouse] [--preset NAME] [--time]
                                           count the move tree's leaves
  tandem check-config FILE                 validate a configuration and print the
                                           effective settings
  tandem tournament check FILE             validate a tournament file (teams of two)
  tandem tournament standings FILE [--results CSV] [--format text|csv|trf|trf-engine]
                                           standings with the tie-breaks of Art 43;
                                           TRF-2026 for FIDE and pairing engines
  tandem tournament pairings FILE ROUND PAIRINGS
                                           each table's four players by seat
  tandem hall [--config FILE] [--nats URL] [--listen ADDR] [--store DIR]
              [--dashboard ADDR|off] [--tournament FILE]
                                           run the tournament hall's hub: the program
                                           tandem-hall (package tandem-hall), with
                                           these arguments; the tables join it with
                                           [hall] (docs/hall.md)
  tandem presets                           list the rule presets and their options
  tandem help                              this text
`

func main() {
	// Messages echo file names and other input: escaped, a control
	// character in them cannot act on the terminal. Standard output
	// carries exports and is left exact.
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, printable.Writer{W: os.Stderr}))
}

// run dispatches a command line and returns the process exit code:
// 0 success, 1 failure, 2 bad usage or bad input.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return runSim(nil, stdout, stderr)
	}
	switch args[0] {
	case "sim":
		return runSim(args[1:], stdout, stderr)
	case "run":
		return runRun(args[1:], stdout, stderr)
	case "replay":
		return runReplay(args[1:], stdin, stdout, stderr)
	case "probe":
		return runProbe(args[1:], stdout, stderr)
	case "eboard":
		return runEBoard(args[1:], stdin, stdout, stderr)
	case "verify-record":
		return runVerifyRecord(args[1:], stdout, stderr)
	case "export":
		return runExport(args[1:], stdout, stderr)
	case "position":
		return runPosition(args[1:], stdout, stderr)
	case "perft":
		return runPerft(args[1:], stdout, stderr)
	case "check-config":
		return runCheckConfig(args[1:], stdout, stderr)
	case "presets":
		return runPresets(args[1:], stdout, stderr)
	case "tournament":
		return runTournament(args[1:], stdout, stderr)
	case "hall":
		return runHall(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "tandem: unknown command %q\n\n%s", args[0], usage)
	return 2
}
