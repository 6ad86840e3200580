package main

import (
	"fmt"
	"io"
)

// runProbe runs tandem probe --config FILE: the installer's check of the wiring (Hardware issue).
func runProbe(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tandem probe: not built yet")
	return 1
}
