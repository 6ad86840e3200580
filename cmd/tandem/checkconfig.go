package main

import (
	"fmt"
	"io"
)

// runCheckConfig is being written (placeholder replaced by its owner).
func runCheckConfig(args []string, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "tandem: this command is being built")
	return 1
}
