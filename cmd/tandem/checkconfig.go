package main

import (
	"errors"
	"fmt"
	"io"

	"tandem/config"
	"tandem/tournament"
)

const checkConfigUsage = `usage: tandem check-config FILE

Reads the configuration FILE (TOML, see docs/config.md), and prints the
effective settings: the preset with every override applied, each option
explicit. Exit status 0 if FILE is valid, 2 if it is not or cannot be read.
`

// runCheckConfig validates a configuration file: on success it prints the
// effective configuration (config.Config.Write) on stdout and a note per
// reserved section on stderr, and returns 0. An invalid file prints
// "file:line: field: message" on stderr and returns 2, as does a missing
// argument or a file that cannot be read.
func runCheckConfig(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "help") {
		fmt.Fprint(stdout, checkConfigUsage)
		return 0
	}
	if code, ok := oneFile("tandem check-config", args, stderr, checkConfigUsage); !ok {
		return code
	}
	c, err := config.Load(args[0])
	if err != nil {
		var ce *config.Error
		if errors.As(err, &ce) {
			if _, terr := tournament.Load(args[0]); terr == nil {
				// A common slip: the tournament's file given for the
				// table's configuration. Said first: it is the diagnosis.
				fmt.Fprintf(stderr, "%s is a tournament file: check it with `tandem tournament check %s`\n", args[0], args[0])
			}
			fmt.Fprintln(stderr, ce)
		} else {
			fmt.Fprintf(stderr, "tandem check-config: %v\n", err)
		}
		return 2
	}
	if err := c.CheckFiles(); err != nil { // credentials files: Load leaves them to the table's start
		fmt.Fprintln(stderr, err)
		return 2
	}
	if err := c.WriteComments(stdout, cli().Line); err != nil { // the comments in the language
		fmt.Fprintf(stderr, "tandem check-config: %v\n", err)
		return 1
	}
	for _, n := range c.Notes() {
		fmt.Fprintf(stderr, "%s: note: %s\n", args[0], n)
	}
	printWarnings(stderr, "tandem check-config", c, cli())
	return 0
}
