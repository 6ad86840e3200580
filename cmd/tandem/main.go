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
//	tandem export MATCH [--record FILE] --format timeline|json|csv|bpgn [--exact]
//	tandem position FEN [--preset NAME] [--moves SAN ...] [--json]
//	tandem perft FEN DEPTH [--variant crazyhouse|bughouse] [--preset NAME] [--time]
//	tandem check-config FILE
//	tandem tournament check|standings|pairings FILE ...
//	tandem hall ARGS                 runs tandem-hall ARGS, the hub's own program
//	tandem presets
//	tandem version
//
// main only parses the command line and hands over to the packages.
package main

import (
	"fmt"
	"io"
	"os"

	"tandem/i18n"
	"tandem/internal/printable"
)

// usageText is the command list in the language of the environment
// (LANG: i18n.FromEnv), the catalogs' cli.usage.
func usageText() string { return cli().T("cli.usage") }

// cli is the printer of the command line's messages: the language of the
// environment (LC_ALL, LC_MESSAGES, LANG).
func cli() *i18n.Printer { return i18n.For(i18n.FromEnv(os.Getenv)) }

func main() {
	// Messages echo file names and other input: escaped, a control
	// character in them cannot act on the terminal. Standard output
	// carries exports and is left exact.
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, printable.Writer{W: os.Stderr}))
}

// run dispatches a command line and returns the process exit code:
// 0 success, 1 failure, 2 bad usage or bad input.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Every message on standard error in the language of the
	// environment: the packages and this command write English, which
	// the catalogs' templates read back (i18n.Printer.Line).
	stderr = i18n.Writer{P: cli(), W: stderr}
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
		return runProbe(args[1:], i18n.Writer{P: cli(), W: stdout}, stderr)
	case "eboard":
		return runEBoard(args[1:], stdin, stdout, stderr)
	case "verify-record":
		// Its verdict is a report a person reads: translated too.
		return runVerifyRecord(args[1:], i18n.Writer{P: cli(), W: stdout}, stderr)
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
	case "version", "--version":
		fmt.Fprintln(stdout, "tandem "+versionString())
		return 0
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usageText())
		return 0
	}
	fmt.Fprintf(stderr, "tandem: %s\n\n%s", cli().T("cli.unknown-command", "Command", fmt.Sprintf("%q", args[0])), usageText())
	return 2
}
