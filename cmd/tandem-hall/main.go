// Command tandem-hall is the tournament hall's hub: an embedded NATS
// server with JetStream (or a connection to an existing NATS server) that
// the tables join with their [hall] settings, and the hall dashboard.
// It is a program of its own, apart from the table's tandem, so that no
// table carries the NATS server (docs/performance.md, Size).
//
// Usage:
//
//	tandem-hall [--config FILE] [--nats URL] [--listen ADDR] [--store DIR] [--dashboard ADDR|off] [--tournament FILE]
//	tandem-hall ca issue --dir DIR --name NAME --host HOST [--host HOST ...] [--out DIR]
//	tandem-hall ca new --dir DIR [--host HOST ...] [--replace]
//	tandem-hall help
//
// main only parses the command line and hands over to the packages.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs the hub with the flags in args and returns the process exit
// code: 0 after a signal, 1 when the hub cannot start, 2 for bad usage or
// a bad configuration. "help" prints the usage; "hall" as the first
// argument is skipped, so `tandem hall ARGS` forwarded here works.
func run(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "--help":
			fmt.Fprintf(stdout, "Usage: %s\n\n%s\n", hallSynopsis, hallAbout)
			return 0
		case "hall":
			args = args[1:]
		case "ca":
			return runCA(args[1:], stdout, stderr)
		}
	}
	return runHall(args, stdout, stderr)
}
