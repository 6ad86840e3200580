package main

import (
	"fmt"
	"io"
)

// runSim is being written (placeholder replaced by its owner).
func runSim(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tandem: this command is being built")
	return 1
}
